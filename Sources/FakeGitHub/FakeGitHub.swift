import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import StarscopeModels

/// A stand-in for api.github.com that behaves like the real one over real sockets: seeded data,
/// `Link` paging, rate limits per token, ETag/304, search's 1,000-result cap, GitHub's error
/// bodies, hostile strings, and faults a test can switch on per path.
public final class FakeGitHub: Sendable {
    public struct Configuration: Sendable {
        public var seed: UInt64 = 42
        public var now = Date()
        public var accountCount = 320
        public var repositoryCount = 6_000
        /// Valid tokens and the login each belongs to; any other token gets 401 Bad credentials.
        public var tokens: [String: String] = [FakeGitHub.octocatToken: "octocat"]
        public var coreLimitAnonymous = 60
        public var coreLimitAuthenticated = 5_000
        public var searchLimitAnonymous = 10
        public var searchLimitAuthenticated = 30
        /// The `max-age` of cacheable answers (GitHub sends 60).
        public var maxAge = 60
        /// When set, every this many seconds some popular new repositories gain stars, so that
        /// live counts can be seen with no network.
        public var driftInterval: Double?
        /// Every free-text field from the hostile corpus (see `HostileStrings`).
        public var hostile = false
        /// Repositories (`owner/name`) that only their owner's token sees.
        public var privateRepositories: [String] = []

        public init() {}
    }

    /// A token the fake accepts by default, belonging to `octocat`.
    public static let octocatToken = "ghp_FAKEoctocatTOKEN0000000000000000000000"

    public let dataset: FakeDataset
    let state: FakeGitHubState
    let configuration: Configuration

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        dataset = FakeDataset(
            seed: configuration.seed,
            now: configuration.now,
            accountCount: configuration.accountCount,
            repositoryCount: configuration.repositoryCount,
            hostile: configuration.hostile
        )
        var limits = RateLimits.Limits()
        limits.coreAnonymous = configuration.coreLimitAnonymous
        limits.coreAuthenticated = configuration.coreLimitAuthenticated
        limits.searchAnonymous = configuration.searchLimitAnonymous
        limits.searchAuthenticated = configuration.searchLimitAuthenticated
        state = FakeGitHubState(
            dataset: dataset, tokens: configuration.tokens, limits: limits, maxAge: configuration.maxAge,
            privateRepositories: configuration.privateRepositories)
    }

    /// Serves until the task is cancelled; `onReady` gets the bound port once connections are accepted.
    /// With `tls` it speaks HTTPS (as GitHub Enterprise does, for `gh`), else plain HTTP/1.1.
    public func run(
        host: String = "127.0.0.1", port: Int = 0, tls: TLSConfiguration? = nil, quiet: Bool = true,
        onReady: @escaping @Sendable (Int) -> Void
    ) async throws {
        var logger = Logger(label: "fake-github")
        logger.logLevel = quiet ? .critical : .info
        let responder = FakeResponder(state: state, control: ControlAPI(state: state), scheme: tls == nil ? "http" : "https")
        let server = try tls.map { try HTTPServerBuilder.tls(.http1(), tlsConfiguration: $0) } ?? .http1()
        let application = Application(
            responder: responder,
            server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in onReady(channel.localAddress?.port ?? port) },
            logger: logger
        )
        guard let interval = configuration.driftInterval else {
            try await application.runService(gracefulShutdownSignals: [])
            return
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await application.runService(gracefulShutdownSignals: []) }
            group.addTask {
                var round: UInt64 = 0
                while !Task.isCancelled {
                    try await Task.sleep(for: .milliseconds(Int(interval * 1000)))
                    round += 1
                    await self.state.drift(round: round, seed: self.dataset.seed)
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    // MARK: Steering

    /// Makes requests whose path starts with `pathPrefix` ("" for all) fail with `fault`, `count` times (nil: until cleared).
    public func inject(_ fault: Fault, path pathPrefix: String = "", count: Int? = nil) async {
        await state.addFault(FaultRule(pathPrefix: pathPrefix, fault: fault, remaining: count))
    }

    public func clearFaults() async {
        await state.clearFaults()
    }

    /// Lets every `slow` answer waiting now go at once.
    public func releaseSlowAnswers() async {
        await state.releaseSlowAnswers()
    }

    /// Moves a repository's star count, as stargazers would.
    @discardableResult
    public func setStars(_ fullName: String, to count: Int) async -> Bool {
        await state.setStars(fullName: fullName, to: count)
    }

    /// Sets a repository's star count as if it had always had it: its star history spreads the
    /// count over its whole life (`setStars` puts a change on today, as new stars would).
    @discardableResult
    public func setStarsOverItsHistory(_ fullName: String, to count: Int) async -> Bool {
        await state.setStars(fullName: fullName, to: count, overItsHistory: true)
    }

    /// Sets what is left of a rate-limit bucket (`core` or `search`) for a token, or for anonymous requests.
    public func setRemaining(_ remaining: Int, token: String? = nil, resource: String = "core") async {
        await state.setRemaining(remaining, token: token, resource: resource)
    }

    /// Sends these `x-ratelimit-*` values (by name without the prefix: `limit`, `remaining`,
    /// `reset`, `used`) as given on every answer, as a hostile upstream would; nil ends it.
    public func overrideRateLimitHeaders(_ values: [String: String]?) async {
        await state.overrideRateLimitHeaders(values)
    }

    /// A rate-limit bucket as it stands: what GitHub would report in `x-ratelimit-*`.
    public func rateLimit(token: String? = nil, resource: String = "core") async -> (limit: Int, remaining: Int, reset: Date) {
        let bucket = await state.bucket(token: token, resource: resource)
        return (bucket.limit, bucket.remaining, bucket.reset)
    }

    /// Publishes a release of `fullName` now.
    @discardableResult
    public func publishRelease(_ fullName: String, tag: String, name: String? = nil, prerelease: Bool = false) async -> Bool {
        await state.publishRelease(fullName: fullName, tag: tag, name: name, prerelease: prerelease)
    }

    /// Archives `fullName` now.
    @discardableResult
    public func archive(_ fullName: String) async -> Bool {
        await state.archive(fullName: fullName)
    }

    /// Stars `fullNames` for `login`, as if that person had starred them on GitHub.
    public func star(_ fullNames: [String], login: String) async {
        await state.star(fullNames, login: login)
    }

    /// Unstars `fullNames` for `login`, as if that person had unstarred them on github.com.
    public func unstar(_ fullNames: [String], login: String) async {
        await state.unstar(fullNames, login: login)
    }

    /// Empties `fullName` now, as if just created: no README, releases or languages, and
    /// contributors answered with `204 No Content`.
    @discardableResult
    public func empty(_ fullName: String) async -> Bool {
        await state.empty(fullName: fullName)
    }

    /// Renames (or transfers) a repository; its old name answers `301` to `/repositories/ID` from then on.
    @discardableResult
    public func rename(_ fullName: String, to newFullName: String) async -> Bool {
        await state.rename(fullName, to: newFullName)
    }

    /// Makes `fullName` private: from now on only its owner's token (and those of `sharedWith`)
    /// see it; everyone else gets `404`, as on GitHub.
    @discardableResult
    public func makePrivate(_ fullName: String, sharedWith: [String] = []) async -> Bool {
        await state.makePrivate(fullName, sharedWith: sharedWith)
    }

    /// A repository's star history as the fake serves it, newest week first (nil: no such repository).
    public func starHistory(_ fullName: String) async -> [StarHistoryWeek]? {
        await state.starHistoryWeeks(fullName: fullName)
    }

    /// Whether the fake answers 422 (no history) for this repository id.
    public static func hasNoStarHistory(_ id: Int64) -> Bool { FakeStarHistory.isUnavailable(id) }

    public func addToken(_ token: String, login: String) async {
        await state.addToken(token, login: login)
    }

    /// From now on `GET /user` with `token` answers GitHub's user `id` called `login` (the token is
    /// accepted if it was not): a person who renamed their account keeps their id under a new
    /// login; someone who took a login another gave up has a new id under the old login. A token
    /// not known yet answers with the seeded account called `login`, which must exist.
    public func setIdentity(token: String, id: Int64, login: String) async {
        await state.setIdentity(token: token, id: id, login: login)
    }

    /// From now on the token gets 401 Bad credentials, as a revoked token does.
    public func revokeToken(_ token: String) async {
        await state.revokeToken(token)
    }

    /// Every API request answered so far (control and avatar requests aside).
    public func requests() async -> [LoggedRequest] {
        await state.log
    }

    public func clearRequests() async {
        await state.clearLog()
    }

    /// The repositories as they are now, with moved star counts.
    public func repositories() async -> [FakeRepository] {
        await state.currentRepositories()
    }
}

extension FakeGitHub {
    /// Runs a fake GitHub on a free loopback port for the duration of `body`.
    public static func with<T: Sendable>(
        _ configuration: Configuration = Configuration(),
        _ body: @Sendable (FakeGitHub, URL) async throws -> T
    ) async throws -> T {
        let fake = FakeGitHub(configuration)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await fake.run { port in
                    continuation.yield(port)
                    continuation.finish()
                }
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
                group.cancelAll()
                throw CancellationError()
            }
            defer { group.cancelAll() }
            return try await body(fake, url)
        }
    }
}
