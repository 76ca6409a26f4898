import ArgumentParser
import AsyncHTTPClient
import Foundation
import GitHubAPI
import StarscopeCore
import StarscopeStore
import StarscopeWeb

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Starscope web app.",
        discussion: "Prints `Listening on http://HOST:PORT` once it accepts connections. Binds to 127.0.0.1 unless told otherwise."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Address to listen on; 0.0.0.0 shares the app with your network.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 8080

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty.") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let paths = Paths(environment: environment)
        let configuration = try Session.configuration(global, environment: environment, token: nil)
        let environmentToken = ["GH_TOKEN", "GITHUB_TOKEN"].lazy.compactMap { name -> (name: String, token: String)? in
            guard let token = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty else { return nil }
            return (name, token)
        }.first
        var settings = WebSettings(
            host: host,
            port: port,
            apiURL: configuration.baseURL,
            dataDirectory: paths.dataDirectory(option: global.dataDir),
            configDirectory: paths.configDirectory,
            environmentToken: environmentToken,
            timeout: configuration.timeout,
            searchFreshness: environment["STARSCOPE_SEARCH_FRESHNESS"].flatMap { Double($0) } ?? 60,
            avatarBytes: (environment["STARSCOPE_AVATAR_CACHE_MB"].flatMap { Int($0) } ?? 100) * 1024 * 1024,
            offline: global.offline,
            liveInterval: environment["STARSCOPE_LIVE_INTERVAL"].flatMap { Double($0) } ?? 60,
            liveShare: environment["STARSCOPE_LIVE_SHARE"].flatMap { Double($0) } ?? 0.5
        )
        settings.logger = Diagnostics.logger("starscope.web", environment: environment)
        try await HTTPClient.withHTTPClient(
            configuration: HTTPTransport.httpClientConfiguration(
                timeout: configuration.timeout, trusting: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 })
        ) { http in
            let services: WebServices
            do {
                services = try WebServices(settings: settings, httpClient: http)
            } catch let error as StoreError {
                throw StarscopeError(error)
            }
            let app = buildApplication(services: services, logger: settings.logger) { host, port in
                writeOut("Listening on http://\(host):\(port)\n")
            }
            try await app.runService()
        }
    }
}
