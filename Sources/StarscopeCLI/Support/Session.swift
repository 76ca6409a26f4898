import AsyncHTTPClient
import Foundation
import GitHubAPI
import StarscopeCore
import StarscopeModels
import StarscopeStore
import Synchronization

/// What one command run needs: the environment, the terminal, the store, and a client to GitHub
/// that answers from the store when it can.
struct Session {
    let environment: [String: String]
    let terminal: Terminal
    let database: AppDatabase
    let explorer: Explorer
    /// The transport without the cache, for checks that must reach GitHub (`auth login`).
    let network: GitHubClient
    let configuration: GitHubConfiguration
    let tokenSource: TokenSource

    var favorites: Favorites { Favorites(explorer: explorer, database: database) }

    /// Builds the session from options and environment, runs `body`, prints a notice when saved
    /// answers stood in for GitHub's, and always shuts the HTTP client down.
    static func run<T>(
        _ options: GlobalOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        token override: TokenSource? = nil,
        _ body: (Session) async throws -> T
    ) async throws -> T {
        let paths = Paths(environment: environment)
        let tokenSource =
            try override ?? TokenSource.resolve(environment: environment, tokenFile: TokenFile(directory: paths.configDirectory))
        let configuration = try Self.configuration(options, environment: environment, token: tokenSource.token)
        let database: AppDatabase
        do {
            database = try AppDatabase.open(directory: paths.dataDirectory(option: options.dataDir))
        } catch {
            throw StarscopeError(error)
        }
        let httpConfiguration = HTTPTransport.httpClientConfiguration(
            timeout: configuration.timeout, trusting: environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 })
        let terminal = Terminal(environment: environment)
        let report = CacheReport()
        let result = try await HTTPClient.withHTTPClient(configuration: httpConfiguration) { httpClient in
            let network = HTTPTransport(
                configuration: configuration, httpClient: httpClient,
                logger: Diagnostics.logger("starscope.github", environment: environment))
            let policy = CachePolicy(
                searchFreshness: environment["STARSCOPE_SEARCH_FRESHNESS"].flatMap { Double($0) } ?? 60,
                offline: options.offline
            )
            let cached = CachingTransport(upstream: network, database: database, configuration: configuration, policy: policy)
            let session = Session(
                environment: environment,
                terminal: terminal,
                database: database,
                explorer: Explorer(client: GitHubClient(transport: cached), database: database),
                network: GitHubClient(transport: network),
                configuration: configuration,
                tokenSource: tokenSource
            )
            return try await CacheReport.$current.withValue(report) { try await body(session) }
        }
        if let stale = report.stale {
            StandardError().writeLine(StaleNotice.line(stale))
        }
        OpenAtExit.keep(database)
        return result
    }

    static func configuration(_ options: GlobalOptions, environment: [String: String], token: String?) throws -> GitHubConfiguration {
        let text = options.apiURL ?? environment["STARSCOPE_API_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://api.github.com"
        guard let baseURL = GlobalOptions.parseAPIURL(text) else {
            throw StarscopeError.invalidInput("STARSCOPE_API_URL must be an http or https URL, such as https://api.github.com.")
        }
        let timeout = environment["STARSCOPE_TIMEOUT"].flatMap { Double($0) }.map { Duration.milliseconds(Int64($0 * 1000)) }
        return GitHubConfiguration(baseURL: baseURL, token: token, userAgent: "Starscope/0.1", timeout: timeout ?? .seconds(30))
    }

    /// The token in `GH_TOKEN`, else `GITHUB_TOKEN` (surrounding white space removed; empty is
    /// unset), with the variable's name. A token that is not printable ASCII is refused with one
    /// sentence that names the variable and never holds the token; `serve` uses this too.
    static func environmentToken(_ environment: [String: String]) throws(StarscopeError) -> (name: String, token: String)? {
        for name in ["GH_TOKEN", "GITHUB_TOKEN"] {
            guard let token = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty else { continue }
            if let refusal = GitHubToken.refusal(token, from: name) { throw .badCredentials(refusal) }
            return (name, token)
        }
        return nil
    }

    /// A progress reporter for lists of several pages, shown only on a terminal.
    var progress: PageProgress? {
        terminal.progressReporter()
    }

    /// `--json` repositories with their favourite flag.
    func json(_ repositories: [Repository]) async -> [RepositoryJSON] {
        let favorites = await explorer.favoriteIDs()
        return repositories.map { RepositoryJSON(repository: $0, favorite: favorites.contains($0.id)) }
    }
}

/// Where the token came from; `GH_TOKEN` and `GITHUB_TOKEN` win over the stored one, as in `gh`.
enum TokenSource {
    case environment(name: String, token: String)
    case file(TokenFile, token: String)
    case none

    var token: String? {
        switch self {
        case .environment(_, let token), .file(_, let token): token
        case .none: nil
        }
    }

    static func resolve(environment: [String: String], tokenFile: TokenFile) throws -> TokenSource {
        if let found = try Session.environmentToken(environment) {
            return .environment(name: found.name, token: found.token)
        }
        do {
            return try tokenFile.read().map { .file(tokenFile, token: $0) } ?? .none
        } catch {
            throw StarscopeError(error)
        }
    }
}

/// The line that says saved answers were shown: `offline: showing results from 10:42`.
enum StaleNotice {
    static func line(_ stale: CacheReport.Stale, timeZone: TimeZone = .current) -> String {
        let when = ClockTime.format(stale.fetchedAt, timeZone: timeZone)
        switch stale.reason {
        case .rateLimited(_, _, let reset):
            return "rate limited: showing results from \(when); GitHub's limit resets at \(ClockTime.format(reset, timeZone: timeZone))"
        case .secondaryRateLimit:
            return "rate limited: showing results from \(when); GitHub asked Starscope to slow down"
        case .serverError(let status):
            return "GitHub is failing (HTTP \(status)): showing results from \(when)"
        case .badCredentials:
            return "GitHub rejected the token: showing results from \(when); check GH_TOKEN or run `starscope auth login`"
        case .undecodable:
            return "GitHub sent an answer Starscope cannot read: showing results from \(when)"
        default:
            return "offline: showing results from \(when)"
        }
    }
}

/// A command leaves its database open when the process ends. Closing it would checkpoint the
/// write-ahead log into the database file, two `fsync`s that cost a short command about as much
/// as its own work; SQLite checkpoints the log anyway once it grows to 4 MB, and reads it back
/// whole after a process ends without closing (as after a crash, which the store is built for).
enum OpenAtExit {
    private static let kept = Mutex<[AppDatabase]>([])

    static func keep(_ database: AppDatabase) {
        kept.withLock { $0.append(database) }
    }
}
