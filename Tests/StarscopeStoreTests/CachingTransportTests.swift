import Foundation
import GitHubAPI
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

@Suite struct CachingTransportTests {
    /// The partition key (`CacheKey`'s file in a server), 32 bytes of text a dump would show.
    static let key = Data("cache-key-for-tests-0123456789ab".utf8)
    let configuration = GitHubConfiguration(baseURL: StubTransport.base)
    let fresh = ["etag": "W/\"abc\"", "cache-control": "public, max-age=60", "x-ratelimit-remaining": "59"]

    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        func advance(_ seconds: Double) { now += seconds }
    }

    func transport(_ stub: StubTransport, _ database: any Store, clock: Clock, policy: CachePolicy = CachePolicy(), token: String? = nil)
        -> CachingTransport
    {
        var configuration = configuration
        configuration.token = token
        return CachingTransport(
            upstream: stub, database: database, configuration: configuration, policy: policy, holder: .owner, partitionKey: Self.key,
            now: { clock.now })
    }

    @Test(arguments: StoreKind.allCases) func freshAnswerCostsNoRequest(kind: StoreKind) async throws {
        let stub = StubTransport([.response(status: 200, headers: fresh, body: "{\"a\":1}")])
        let clock = Clock()
        let cache = transport(stub, try await kind.make(), clock: clock)
        _ = try await cache.send(.get("/users/octocat"))
        clock.advance(59)
        let second = try await cache.send(.get("/users/octocat"))
        #expect(stub.count == 1)
        #expect(String(decoding: second.body, as: UTF8.self) == "{\"a\":1}")
    }

    /// A page shown again and again within its window costs one decode, when it arrived, and none
    /// after: memory holds the decoded answer, also when it was read back from the database.
    @Test(arguments: StoreKind.allCases) func aKeptAnswerIsDecodedOnce(kind: StoreKind) async throws {
        let stub = StubTransport([.response(status: 200, headers: fresh, body: "{\"a\":1}")])
        let clock = Clock()
        let database = try await kind.make()
        let decodes = Counter()
        var request = GitHubRequest.get("/users/octocat")
        request.expects = BodyCheck(name: "counted") { body in
            decodes.increment()
            return String(decoding: body, as: UTF8.self)
        }
        let cache = transport(stub, database, clock: clock)
        let first = try await cache.send(request)
        #expect(first.decoded as? String == "{\"a\":1}")
        for _ in 0..<5 {
            clock.advance(5)
            let again = try await cache.send(request)
            #expect(again.decoded as? String == "{\"a\":1}")
            #expect(again.isStored)
        }
        #expect(decodes.value == 1)
        // Another process over the same database decodes what it reads once, too.
        let other = transport(stub, database, clock: clock)
        for _ in 0..<3 { _ = try await other.send(request) }
        #expect(decodes.value == 2)
        #expect(stub.count == 1)
    }

    /// Kept answers are found by the request's address, written without forming its URL: a link
    /// to another origin is still refused before anything is read or asked, every time, and a
    /// link to the API's own origin is the same answer as the path it names.
    @Test(arguments: StoreKind.allCases) func aForeignLinkIsRefusedBeforeAnythingIsReadOrAsked(kind: StoreKind) async throws {
        let stub = StubTransport([.response(status: 200, headers: fresh, body: "{\"a\":1}")])
        let clock = Clock()
        let cache = transport(stub, try await kind.make(), clock: clock)
        _ = try await cache.send(.get("/users/octocat"))
        let own = try #require(URL(string: StubTransport.base.absoluteString + "/users/octocat"))
        let same = try await cache.send(.get(own))
        #expect(same.isStored && String(decoding: same.body, as: UTF8.self) == "{\"a\":1}")
        let foreign = try #require(URL(string: "https://evil.example/users/octocat"))
        for _ in 0..<2 {
            await #expect(throws: GitHubError.foreignURL(foreign.absoluteString)) { try await cache.send(.get(foreign)) }
        }
        #expect(stub.count == 1)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    @Test(arguments: StoreKind.allCases) func staleAnswerIsRevalidatedAndA304ReusesTheBody(kind: StoreKind) async throws {
        let stub = StubTransport([
            .response(status: 200, headers: fresh, body: "{\"a\":1}"),
            .response(status: 304, headers: ["x-ratelimit-remaining": "58", "cache-control": "public, max-age=60"], body: ""),
        ])
        let clock = Clock()
        let cache = transport(stub, try await kind.make(), clock: clock)
        _ = try await cache.send(.get("/users/octocat"))
        clock.advance(61)
        let second = try await cache.send(.get("/users/octocat"))
        #expect(stub.count == 2)
        #expect(stub.lastRequest?.ifNoneMatch == "W/\"abc\"")
        #expect(second.status == 200)
        #expect(String(decoding: second.body, as: UTF8.self) == "{\"a\":1}")
        #expect(second.header("x-ratelimit-remaining") == "58")
        // Revalidation made it fresh again.
        clock.advance(30)
        _ = try await cache.send(.get("/users/octocat"))
        #expect(stub.count == 2)
    }

    @Test(arguments: StoreKind.allCases) func searchIsKeptForItsOwnWindow(kind: StoreKind) async throws {
        let stub = StubTransport([
            .response(status: 200, headers: ["cache-control": "no-cache"], body: "{}"),
            .response(status: 200, headers: ["cache-control": "no-cache"], body: "{}"),
        ])
        let clock = Clock()
        let cache = transport(stub, try await kind.make(), clock: clock, policy: CachePolicy(searchFreshness: 60))
        _ = try await cache.send(.get("/search/repositories", [QueryItem("q", "x")]))
        clock.advance(59)
        _ = try await cache.send(.get("/search/repositories", [QueryItem("q", "x")]))
        #expect(stub.count == 1)
        clock.advance(2)
        _ = try await cache.send(.get("/search/repositories", [QueryItem("q", "x")]))
        #expect(stub.count == 2)
        #expect(stub.lastRequest?.ifNoneMatch == nil)
    }

    @Test(
        arguments: [
            GitHubError.offline(reason: "refused"), .timeout, .serverError(status: 502),
            .rateLimited(resource: "core", limit: 60, reset: Date(timeIntervalSince1970: 1_800_003_600)),
            .secondaryRateLimit(retryAfter: 60),
        ], StoreKind.allCases)
    func storedAnswerStandsInWhenGitHubCannotAnswer(failure: GitHubError, kind: StoreKind) async throws {
        let stub = StubTransport([.response(status: 200, headers: fresh, body: "{\"a\":1}"), .failure(failure)])
        let clock = Clock()
        let cache = transport(stub, try await kind.make(), clock: clock)
        _ = try await cache.send(.get("/users/octocat"))
        let fetchedAt = clock.now
        clock.advance(600)
        let report = CacheReport()
        let answer = try await CacheReport.$current.withValue(report) { try await cache.send(.get("/users/octocat")) }
        #expect(String(decoding: answer.body, as: UTF8.self) == "{\"a\":1}")
        #expect(report.stale?.fetchedAt == fetchedAt)
        #expect(report.stale?.reason == failure)
        // What stood in is named, for the banner.
        #expect(report.stale?.subjects == ["octocat's profile"])
    }

    @Test(arguments: StoreKind.allCases) func failingStatusesAlsoFallBackToTheStore(kind: StoreKind) async throws {
        let limited = ["x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1800003600"]
        let stub = StubTransport([
            .response(status: 200, headers: fresh, body: "[1]"),
            .response(status: 403, headers: limited, body: #"{"message":"API rate limit exceeded"}"#),
        ])
        let clock = Clock()
        let cache = transport(stub, try await kind.make(), clock: clock)
        _ = try await cache.send(.get("/users/octocat/repos"))
        clock.advance(120)
        let report = CacheReport()
        let answer = try await CacheReport.$current.withValue(report) { try await cache.send(.get("/users/octocat/repos")) }
        #expect(answer.status == 200)
        guard case .rateLimited? = report.stale?.reason else {
            Issue.record("expected a rate-limit report")
            return
        }
    }

    @Test(arguments: StoreKind.allCases) func withNothingStoredTheErrorStands(kind: StoreKind) async throws {
        let stub = StubTransport([.failure(.timeout)])
        let cache = transport(stub, try await kind.make(), clock: Clock())
        await #expect(throws: GitHubError.timeout) { try await cache.send(.get("/users/octocat")) }
    }

    @Test(arguments: StoreKind.allCases) func offlineAnswersFromTheStoreOnlyAndNeverAsks(kind: StoreKind) async throws {
        let database = try await kind.make()
        let clock = Clock()
        _ = try await transport(StubTransport([.response(status: 200, headers: fresh, body: "{}")]), database, clock: clock).send(
            .get("/a"))
        clock.advance(3_600)
        let stub = StubTransport([])
        let offline = transport(stub, database, clock: clock, policy: CachePolicy(offline: true))
        let report = CacheReport()
        _ = try await CacheReport.$current.withValue(report) { try await offline.send(.get("/a")) }
        #expect(report.stale != nil)
        await #expect(throws: GitHubError.self) { try await offline.send(.get("/never-seen")) }
        await #expect(throws: GitHubError.self) {
            try await offline.send(GitHubRequest(method: .put, target: .path("/user/starred/a/b", query: [])))
        }
        #expect(stub.count == 0)
    }

    /// A request that asks GitHub is sent even when a fresh answer is kept, and GitHub's failure
    /// is thrown rather than the kept answer standing in; a request for kept answers only is
    /// answered from the store and never sent.
    @Test(arguments: StoreKind.allCases) func aRequestSaysHowTheCacheMayAnswerIt(kind: StoreKind) async throws {
        let stub = StubTransport([
            .response(status: 200, headers: fresh, body: "{\"a\":1}"),
            .response(status: 200, headers: fresh, body: "{\"a\":2}"),
            .failure(.serverError(status: 502)),
        ])
        let clock = Clock()
        let cache = transport(stub, try await kind.make(), clock: clock)
        var asking = GitHubRequest.get("/users/octocat")
        asking.cacheUse = .askGitHub
        var keptOnly = GitHubRequest.get("/users/octocat")
        keptOnly.cacheUse = .keptOnly
        _ = try await cache.send(.get("/users/octocat"))
        let asked = try await cache.send(asking)
        #expect(String(decoding: asked.body, as: UTF8.self) == "{\"a\":2}" && !asked.isStored)
        await #expect(throws: GitHubError.serverError(status: 502)) { try await cache.send(asking) }
        #expect(stub.count == 3)
        clock.advance(3_600)
        let kept = try await cache.send(keptOnly)
        #expect(String(decoding: kept.body, as: UTF8.self) == "{\"a\":2}")
        var unknown = GitHubRequest.get("/users/hubot")
        unknown.cacheUse = .keptOnly
        await #expect(throws: GitHubError.self) { try await cache.send(unknown) }
        #expect(stub.count == 3)
    }

    /// A request for answers held in memory only is answered from memory while the answer is
    /// fresh there, and otherwise refused without reading the store or asking GitHub: another
    /// process's memory (the same store) and a stale answer are not at hand.
    @Test(arguments: StoreKind.allCases) func anInMemoryOnlyRequestAsksNothing(kind: StoreKind) async throws {
        let stub = StubTransport([.response(status: 200, headers: fresh, body: "{\"a\":1}")])
        let clock = Clock()
        let database = try await kind.make()
        let cache = transport(stub, database, clock: clock)
        var inMemory = GitHubRequest.get("/users/octocat")
        inMemory.cacheUse = .inMemoryOnly
        await #expect(throws: GitHubError.self) { try await cache.send(inMemory) }
        _ = try await cache.send(.get("/users/octocat"))
        clock.advance(30)
        let held = try await cache.send(inMemory)
        #expect(String(decoding: held.body, as: UTF8.self) == "{\"a\":1}" && held.isStored)
        await #expect(throws: GitHubError.self) { try await transport(stub, database, clock: clock).send(inMemory) }
        clock.advance(60)
        await #expect(throws: GitHubError.self) { try await cache.send(inMemory) }
        #expect(stub.count == 1)
    }

    @Test(arguments: StoreKind.allCases) func answersAreKeptApartPerToken(kind: StoreKind) async throws {
        let database = try await kind.make()
        let clock = Clock()
        let first = StubTransport([.response(status: 200, headers: fresh, body: "{\"who\":\"a\"}")])
        _ = try await transport(first, database, clock: clock, token: "ghp_a").send(.get("/user"))
        let second = StubTransport([.response(status: 200, headers: fresh, body: "{\"who\":\"b\"}")])
        let answer = try await transport(second, database, clock: clock, token: "ghp_b").send(.get("/user"))
        #expect(second.count == 1)
        #expect(String(decoding: answer.body, as: UTF8.self) == "{\"who\":\"b\"}")
        // The token itself is never stored, nor a hash of it anyone without the key could check,
        // and the key is not in the store.
        let secret = Self.key
        #expect(try await !StoreDump.text(of: database).contains(String(decoding: Self.key, as: UTF8.self)))
        let keys = ["ghp_a", "ghp_b"].map {
            CachePartition.name(holder: .owner, token: $0, key: secret) + " https://api.github.com/user"
        }
        for key in keys { #expect(try await database.cachedResponse(key: key) != nil) }
        #expect(keys.allSatisfy { !$0.contains("ghp_") })
        #expect(
            CachePartition.name(holder: .owner, token: "ghp_a", key: Data(repeating: 1, count: 32)) + " https://api.github.com/user"
                != keys[0])
    }

    @Test(arguments: StoreKind.allCases) func cacheStaysWithinItsSize(kind: StoreKind) async throws {
        let body = String(repeating: "x", count: 10_000)
        let stub = StubTransport((0..<20).map { _ in .response(status: 200, headers: fresh, body: body) })
        let database = try await kind.make()
        let clock = Clock()
        let cache = transport(stub, database, clock: clock, policy: CachePolicy(maximumBytes: 50_000))
        for index in 0..<20 {
            clock.advance(1)
            _ = try await cache.send(.get("/item/\(index)"))
        }
        #expect(try await database.cacheSize() <= 50_000)
        // The newest answer is still there; the oldest is gone.
        _ = try await cache.send(.get("/item/19"))
        #expect(stub.count == 20)
    }
}
