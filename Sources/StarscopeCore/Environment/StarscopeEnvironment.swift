import Configuration
import Foundation
import GitHubAPI
import Logging
import StarscopeStore

/// Everything the process was given — flags, variables and the configuration file — read once,
/// in one place, through swift-configuration (`SettingsSources`), for the terminal and `serve`
/// alike: where GitHub is, where the files live, which token wins, and the tuning knobs. A flag
/// beats its variable, a variable the file, the file the default.
public struct StarscopeEnvironment: Sendable {
    /// Sent with every request to GitHub, which requires one.
    public static let userAgent = "Starscope/0.1"

    public var variables: [String: String]
    /// Every setting and where it came from (`config show`).
    public let settings: SettingsSources
    /// `apiUrl` (`--api-url`, `STARSCOPE_API_URL`), else `https://api.github.com`.
    public var apiURL: URL
    /// `dataDir` (`--data-dir`, `STARSCOPE_DATA_DIR`), else `$XDG_DATA_HOME/starscope`.
    public var dataDirectory: URL
    /// `configDir` (`STARSCOPE_CONFIG_DIR`), else `$XDG_CONFIG_HOME/starscope`: the token file and the accounts key.
    public var configDirectory: URL
    /// `GH_TOKEN`, else `GITHUB_TOKEN`: they win over the stored token, as in `gh`.
    public var environmentToken: EnvironmentToken?
    /// `timeout` seconds for one request (30).
    public var timeout: Duration
    /// `searchFreshness` seconds a search answer is reused (60).
    public var searchFreshness: Double
    /// `--offline`: answer from the store only.
    public var offline: Bool
    /// `SSL_CERT_FILE`: the certificate authorities to trust instead of the system's.
    public var trustedCertificates: String?
    /// `logFormat` (`serve --log-format`, `STARSCOPE_LOG_FORMAT`), else plain on a terminal and JSON elsewhere.
    public var logFormat: LogFormat

    /// Reads the flags given (`flags`, and the global options), `variables` and `file`; an
    /// unusable API URL or token is refused with one sentence.
    public init(
        variables: [String: String] = ProcessInfo.processInfo.environment, apiURL option: String? = nil, dataDirectory: String? = nil,
        offline: Bool = false, flags: [SettingKey: ConfigContent] = [:], file: SettingsFile? = nil
    ) throws(StarscopeError) {
        self.variables = variables
        var given = flags
        if let option { given[.apiUrl] = .string(option) }
        if let dataDirectory, !dataDirectory.isEmpty { given[.dataDir] = .string(dataDirectory) }
        let settings = SettingsSources(flags: given, variables: variables, file: file)
        self.settings = settings
        let text = settings.text(.apiUrl) ?? "https://api.github.com"
        guard let url = Self.parseAPIURL(text) else {
            throw .invalidInput("STARSCOPE_API_URL must be an http or https URL, such as https://api.github.com.")
        }
        apiURL = url
        let paths = Paths(environment: variables, settings: settings)
        self.dataDirectory = paths.dataDirectory(option: nil)
        configDirectory = paths.configDirectory
        environmentToken = try EnvironmentToken.find(in: variables)
        timeout = .milliseconds(Int64(settings.number(.timeout, default: 30, within: 0.001...86_400) * 1000))
        searchFreshness = settings.number(.searchFreshness, default: 60, within: 0...31_536_000)
        self.offline = offline
        trustedCertificates = Self.value("SSL_CERT_FILE", in: variables)
        logFormat = LogFormat(named: settings.text(.logFormat))
    }

    /// An http(s) URL with a host and no query: `https://api.github.com` or `https://HOST/api/v3`.
    public static func parseAPIURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            url.host?.isEmpty == false, url.query == nil
        else { return nil }
        return url
    }

    /// A variable's value, with an empty one counted as unset.
    public static func value(_ name: String, in variables: [String: String]) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A numeric setting (`liveInterval` and the like) held to `range`, or `fallback`: a value
    /// beyond it counts as its nearest end (so that `1e300` seconds, or a count past `Int`, cannot
    /// trap where it is converted), and one that is not a finite number (`nan`, `inf`, `ten`) as unset.
    public func number(_ key: SettingKey, default fallback: Double, within range: ClosedRange<Double>) -> Double {
        settings.number(key, default: fallback, within: range)
    }

    /// `logLevel`'s logger (`STARSCOPE_LOG_LEVEL`) on standard error, at `fallback` when unset (quiet,
    /// for the terminal's commands).
    public func logger(_ label: String, fallback: Logger.Level = .critical) -> Logger {
        Diagnostics.logger(label, level: settings.text(.logLevel), format: logFormat, fallback: fallback)
    }

    /// The token in use: the environment's, else the one stored by `auth login` or Settings.
    public func tokenSource() throws(StarscopeError) -> TokenSource {
        try TokenSource.resolve(environment: environmentToken, tokenFile: TokenFile(directory: configDirectory))
    }

    /// How to reach GitHub with `token`.
    public func gitHubConfiguration(token: String?) -> GitHubConfiguration {
        GitHubConfiguration(baseURL: apiURL, token: token, userAgent: Self.userAgent, timeout: timeout)
    }

    public var cachePolicy: CachePolicy {
        CachePolicy(searchFreshness: searchFreshness, offline: offline)
    }
}

/// `GH_TOKEN` or `GITHUB_TOKEN`, with the variable's name (for messages that never hold the token).
public struct EnvironmentToken: Sendable, Hashable {
    public var name: String
    public var token: String

    public init(name: String, token: String) {
        self.name = name
        self.token = token
    }

    /// The token in `GH_TOKEN`, else `GITHUB_TOKEN` (surrounding white space removed; empty is
    /// unset). A token that is not printable ASCII is refused with one sentence that names the
    /// variable and never holds the token.
    public static func find(in variables: [String: String]) throws(StarscopeError) -> EnvironmentToken? {
        for name in ["GH_TOKEN", "GITHUB_TOKEN"] {
            guard let token = variables[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty else { continue }
            if let refusal = GitHubToken.refusal(token, from: name) { throw .badCredentials(refusal) }
            return EnvironmentToken(name: name, token: token)
        }
        return nil
    }
}

/// Where the token came from; `GH_TOKEN` and `GITHUB_TOKEN` win over the stored one, as in `gh`.
public enum TokenSource: Sendable {
    case environment(EnvironmentToken)
    case file(TokenFile, token: String)
    case none

    public var token: String? {
        switch self {
        case .environment(let found): found.token
        case .file(_, let token): token
        case .none: nil
        }
    }

    public static func resolve(environment: EnvironmentToken?, tokenFile: TokenFile) throws(StarscopeError) -> TokenSource {
        if let environment { return .environment(environment) }
        do {
            return try tokenFile.read().map { .file(tokenFile, token: $0) } ?? .none
        } catch {
            throw StarscopeError(error)
        }
    }
}
