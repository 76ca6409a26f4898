import ArgumentParser
import AsyncHTTPClient
import Configuration
import Foundation
import GitHubAPI
import ServiceLifecycle
import StarscopeCore
import StarscopeSQLite
import StarscopeStore
import StarscopeWeb

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Starscope web app.",
        discussion: "Prints `Listening on http://HOST:PORT` once it accepts connections. Binds to 127.0.0.1 unless told otherwise."
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        help: ArgumentHelp(
            "A JSON file of settings by name (see `starscope config show`); without it, /etc/starscope/starscope.json when it exists.",
            valueName: "FILE"))
    var config: String?

    @Option(help: "Address to listen on (default 127.0.0.1); 0.0.0.0 shares the app with your network.")
    var host: String?

    @Option(help: "Port to listen on (default 8080); 0 picks a free one.")
    var port: Int?

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "A name besides this machine's addresses that browsers may use to reach the app (repeatable), such as the name a reverse proxy forwards: NAME or NAME:PORT.",
            valueName: "NAME"))
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A reverse proxy's address or network (repeatable), IPv4 or IPv6 in CIDR form such as 127.0.0.1/32: only from these are X-Forwarded-For (who the client is) and X-Forwarded-Proto (HTTPS) believed.",
            valueName: "CIDR"))
    var trustedProxies: [String] = []

    @Flag(name: .customLong("require-signin"), help: "Ask browsers to sign in with a one-time link, even on 127.0.0.1.")
    var requireSignIn = false

    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "A PostgreSQL database several instances share, postgres://USER:PASSWORD@HOST:PORT/DB (or STARSCOPE_DATABASE_URL).",
            valueName: "url"))
    var databaseURL: String?

    @Flag(help: "Let several people share the server: each signs in at /signin with their own GitHub token.")
    var accounts = false

    @Option(
        name: .customLong("allow-login"),
        help: ArgumentHelp("With --accounts, only this GitHub login may sign in (repeatable).", valueName: "LOGIN"))
    var allowedLogins: [String] = []

    @Flag(help: "With --accounts, let people without a token browse read-only on the server's budget.")
    var guests = false

    @Flag(
        name: .customLong("public-embeds"),
        help:
            "Serve the star-history SVGs (/repos/OWNER/NAME/stars.svg, /compare.svg) without sign-in, for READMEs; public repositories only."
    )
    var publicEmbeds = false

    @Flag(
        name: .customLong("reset-accounts"),
        help:
            "With --accounts, end every session and drop every sealed token, so that a lost or replaced accounts.key can be replaced; everyone signs in again."
    )
    var resetAccounts = false

    @Flag(help: "Serve GET /metrics in Prometheus' text format, to loopback and --trusted-proxy addresses.")
    var metrics = false

    @Option(
        name: .customLong("metrics-token"),
        help: ArgumentHelp(
            "With --metrics, also serve /metrics to any address that sends Authorization: Bearer TOKEN (or STARSCOPE_METRICS_TOKEN; the variable keeps it out of the process list).",
            valueName: "TOKEN"))
    var metricsToken: String?

    @Option(
        name: .customLong("log-format"),
        help: ArgumentHelp(
            "How log lines are written on standard error: plain or json, one object a line (or STARSCOPE_LOG_FORMAT; plain on a terminal, json elsewhere).",
            valueName: "FORMAT"))
    var logFormat: String?

    func validate() throws {
        if let port, !(0...65_535).contains(port) { throw ValidationError("--port must be from 0 to 65535.") }
        if let host, host.isEmpty { throw ValidationError("--host must not be empty.") }
        for login in allowedLogins where !GitHubName.isValidLogin(login) {
            throw ValidationError("--allow-login takes a GitHub login, not “\(login)”.")
        }
        for network in trustedProxies where !WebSettings.isValidTrustedProxy(network) {
            throw ValidationError("--trusted-proxy takes an IP address or network such as 127.0.0.1/32 or fd00::/8, not “\(network)”.")
        }
        for name in allowedHosts where !WebSettings.isValidAllowedHost(name) {
            throw ValidationError("--allowed-host takes a host name or NAME:PORT, not “\(name)”.")
        }
    }

    /// The flags given, by setting: they win over the variables and the file.
    var flags: [SettingKey: ConfigContent] {
        var given: [SettingKey: ConfigContent] = [:]
        if let host { given[.host] = .string(host) }
        if let port { given[.port] = .double(Double(port)) }
        if !allowedHosts.isEmpty { given[.allowedHosts] = .stringArray(allowedHosts) }
        if !trustedProxies.isEmpty { given[.trustedProxies] = .stringArray(trustedProxies) }
        if !allowedLogins.isEmpty { given[.allowLogins] = .stringArray(allowedLogins) }
        for (key, on) in [
            (SettingKey.requireSignin, requireSignIn), (.accounts, accounts), (.guests, guests), (.publicEmbeds, publicEmbeds),
            (.metrics, metrics),
        ]
        where on {
            given[key] = .bool(true)
        }
        if let databaseURL { given[.databaseUrl] = .string(databaseURL) }
        if let metricsToken { given[.metricsToken] = .string(metricsToken) }
        if let logFormat { given[.logFormat] = .string(logFormat) }
        return given
    }

    /// The settings in force: these flags over the variables over `--config` (or the system's file).
    func webSettings() async throws -> WebSettings {
        let file = try await SettingsFile.load(orSystem: config)
        let environment = try global.environment(ProcessInfo.processInfo.environment, flags: flags, file: file)
        var settings = WebSettings(environment: environment)
        settings.resetAccounts = resetAccounts
        try Self.check(settings)
        return settings
    }

    /// What the flags were checked for, checked again on the settings as merged (the file and
    /// the variables hold them too): one sentence naming the setting.
    static func check(_ settings: WebSettings) throws {
        let values = settings.environment.settings
        guard settings.accounts || (settings.allowedLogins.isEmpty && !settings.guests && !settings.resetAccounts) else {
            throw ValidationError("--allow-login, --guests and --reset-accounts go with --accounts.")
        }
        for login in settings.allowedLogins where !GitHubName.isValidLogin(login) {
            throw ValidationError("allowLogins (--allow-login) takes GitHub logins, not “\(login)”.")
        }
        for network in values.list(.trustedProxies) where !WebSettings.isValidTrustedProxy(network) {
            throw ValidationError("trustedProxies (--trusted-proxy) takes IP addresses or networks such as 127.0.0.1/32, not “\(network)”.")
        }
        for name in settings.allowedHosts where !WebSettings.isValidAllowedHost(name) {
            throw ValidationError("allowedHosts (--allowed-host) takes host names or NAME:PORT, not “\(name)”.")
        }
        if let token = settings.metricsToken, token.count < 16 || token.contains(where: { $0.isWhitespace || !$0.isASCII }) {
            throw ValidationError("metricsToken (--metrics-token) must be at least 16 printable ASCII characters without spaces.")
        }
        if let format = values.text(.logFormat), LogFormat(rawValue: format.lowercased()) == nil {
            throw ValidationError("logFormat (--log-format) takes plain or json, not “\(format)”.")
        }
        guard !settings.host.isEmpty else { throw ValidationError("host (--host) must not be empty.") }
    }

    func run() async throws {
        var settings = try await webSettings()
        let showQRCode = isatty(STDOUT_FILENO) == 1
        settings.announceSignInLink = { link in
            writeOut("Sign in: \(link)\n")
            if showQRCode, let code = try? QRCode(link) { writeOut(code.terminalText(quietZone: 4) + "\n") }
        }
        // A slow client holds a descriptor until its time-out: allow as many as the system lets us.
        FileDescriptors.raiseLimit()
        // Held while the server runs: `restore` never replaces the store under it.
        let storeLock: StoreLock
        do {
            storeLock = try StoreLock.shared(directory: settings.dataDirectory)
        } catch {
            throw StarscopeError(error)
        }
        defer { withExtendedLifetime(storeLock) {} }
        try await HTTPClient.withHTTPClient(configuration: GitHubStack.httpClientConfiguration(settings.environment)) { http in
            let (services, storeServices): (WebServices, [any Service])
            do {
                (services, storeServices) = try await ServeAssembly.services(settings: settings, httpClient: http)
            } catch let error as StoreError {
                throw StarscopeError(error)
            }
            let app = buildApplication(services: services, storeServices: storeServices, logger: settings.logger) { host, port in
                // An IPv6 address goes in brackets, as in any URL.
                let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
                writeOut("Listening on http://\(shown):\(port)\n")
            }
            try await app.runService()
        }
    }
}
