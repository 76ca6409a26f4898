import Foundation
import GitHubAPI
import StarscopeCore
import StarscopeModels
import StarscopeSQLite
import StarscopeStore
import Synchronization

/// What one command run needs: the environment, the terminal, the store, and a client to GitHub
/// that answers from the store when it can.
struct Session {
    let environment: [String: String]
    let terminal: Terminal
    let database: AppDatabase
    let reading: ReadContext
    /// The transport without the cache, for checks that must reach GitHub (`auth login`).
    let network: GitHubClient
    let configuration: GitHubConfiguration
    let tokenSource: TokenSource

    /// Whose eyes the terminal reads through: its one user's, said once, where the session starts.
    var viewer: Viewer { reading.viewer }

    var favorites: Favorites { Favorites(reading: reading, database: database, viewer: viewer) }

    /// Stars on GitHub, with this run's token.
    var stars: GitHubStars { GitHubStars(favorites: favorites, hasToken: tokenSource.token != nil) }
    /// GitHub's star Lists and the tags here, through GraphQL (never a kept answer).
    var lists: ListSync {
        ListSync(
            favorites: favorites, lists: GitHubStarLists(client: reading.client.using(.askGitHub)), hasToken: tokenSource.token != nil)
    }

    /// Builds the session from options and environment, runs `body`, prints a notice when saved
    /// answers stood in for GitHub's, and always shuts the HTTP client down.
    static func run<T>(
        _ options: GlobalOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        token override: TokenSource? = nil,
        _ body: (Session) async throws -> T
    ) async throws -> T {
        let settings = try options.environment(environment)
        let tokenSource = try override ?? settings.tokenSource()
        let database: AppDatabase
        do {
            database = try AppDatabase.open(directory: settings.dataDirectory)
        } catch {
            throw StarscopeError(error)
        }
        let terminal = Terminal(environment: environment)
        let report = CacheReport()
        // The HTTP client is made by the first request: a command the store answers makes none.
        let clients = HTTPClientSource(making: GitHubStack.httpClientConfiguration(settings))
        let stack = GitHubStack(environment: settings, database: database, clients: clients)
        let session = Session(
            environment: environment,
            terminal: terminal,
            database: database,
            reading: stack.reading(token: tokenSource.token, viewer: .owner),
            network: stack.networkClient(token: tokenSource.token),
            configuration: settings.gitHubConfiguration(token: tokenSource.token),
            tokenSource: tokenSource
        )
        let result: T
        do {
            result = try await CacheReport.$current.withValue(report) { try await body(session) }
        } catch {
            try? await clients.shutdown()
            throw error
        }
        try await clients.shutdown()
        if let stale = report.stale {
            StandardError().writeLine(StaleNotice.line(stale))
        }
        OpenAtExit.keep(database)
        return result
    }

    /// A progress reporter for lists of several pages, shown only on a terminal.
    var progress: PageProgress? {
        terminal.progressReporter()
    }

    /// `--json` repositories with their favourite flag.
    func json(_ repositories: [Repository]) async -> [RepositoryJSON] {
        let favorites = await reading.favoriteIDs(for: reading.viewer)
        return repositories.map { RepositoryJSON(repository: $0, favorite: favorites.contains($0.id)) }
    }
}

/// The line that says saved answers were shown, and of what: `offline: showing results from
/// 10:42 (octocat/Hello-World's README and search results)`. The subjects come from GitHub's
/// paths, so they are cleaned for the terminal.
enum StaleNotice {
    static func line(_ stale: CacheReport.Stale, timeZone: TimeZone = .current) -> String {
        let time = ClockTime.format(stale.fetchedAt, timeZone: timeZone)
        let when = stale.subjects.isEmpty ? time : "\(time) (\(TerminalText.clean(StaleSubject.list(stale.subjects))))"
        switch stale.reason {
        case .rateLimited(_, _, let reset?):
            return "rate limited: showing results from \(when); GitHub's limit resets at \(ClockTime.format(reset, timeZone: timeZone))"
        case .rateLimited:
            return "rate limited: showing results from \(when); GitHub did not say when its limit resets"
        case .secondaryRateLimit:
            return "rate limited: showing results from \(when); GitHub asked Starscope to slow down"
        case .serverError(let status):
            return "GitHub is failing (HTTP \(status)): showing results from \(when)"
        case .badCredentials:
            return "GitHub rejected the token: showing results from \(when); check GH_TOKEN or run `starscope auth login`"
        case .undecodable:
            return "GitHub sent an answer Starscope cannot read: showing results from \(when)"
        case .tooLarge(let limit):
            return "GitHub sent an answer larger than \(limit >> 20) MB: showing results from \(when)"
        default:
            return "offline: showing results from \(when)"
        }
    }
}

/// A command leaves its database open when the process ends. Closing it would checkpoint the
/// write-ahead log into the database file, two `fsync`s that are slow beside a short command's
/// own work; SQLite checkpoints the log anyway once it grows to 4 MB, and reads it back
/// whole after a process ends without closing (as after a crash, which the store is built for).
enum OpenAtExit {
    private static let kept = Mutex<[AppDatabase]>([])

    static func keep(_ database: AppDatabase) {
        kept.withLock { $0.append(database) }
    }
}
