import Foundation
import GitHubAPI
import StarscopeTestSupport
import Synchronization
import Testing

@testable import StarscopeSQLite
@testable import StarscopeStore

/// Several servers on one PostgreSQL: each is a `CachingTransport` with its own memory
/// (`RecentAnswers`, as each process has), over one shared store.
@Suite struct SharedRefreshTests {
    /// GitHub, slow enough that the instances' requests overlap, counting what it is asked.
    final class SlowGitHub: GitHubTransport {
        let asked = Atomic<Int>(0)
        let maxAge: Int

        init(maxAge: Int) {
            self.maxAge = maxAge
        }

        func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
            let number = asked.add(1, ordering: .relaxed).newValue
            try? await Task.sleep(for: .milliseconds(300))
            let url = (try? request.url(relativeTo: StubTransport.base)) ?? StubTransport.base
            return GitHubResponse(
                status: 200, headers: ["cache-control": "public, max-age=\(maxAge)", "etag": "\"\(number)\""],
                body: Data("{\"answer\":\(number)}".utf8), url: url)
        }
    }

    static func instances(_ count: Int, over store: any Store, upstream: SlowGitHub) -> [CachingTransport] {
        (0..<count).map { _ in
            CachingTransport(
                upstream: upstream, database: store, configuration: GitHubConfiguration(baseURL: StubTransport.base),
                holder: .owner, partitionKey: Data(repeating: 7, count: 32))
        }
    }

    @Test func threeInstancesAskGitHubOncePerExpiry() async throws {
        let store = try await StoreKind.postgres.make()
        let github = SlowGitHub(maxAge: 2)
        let servers = Self.instances(3, over: store, upstream: github)
        // Thirty requests at once, spread over the three.
        func round() async throws -> Set<String> {
            try await withThrowingTaskGroup(of: String.self) { group in
                for number in 0..<30 {
                    group.addTask { String(decoding: try await servers[number % 3].send(.get("/users/octocat")).body, as: UTF8.self) }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
        }
        let first = try await round()
        #expect(github.asked.load(ordering: .relaxed) == 1)
        #expect(first == ["{\"answer\":1}"])
        try await Task.sleep(for: .milliseconds(2_200))
        _ = try await round()
        // Expired once: one more request (conditional), for all three.
        #expect(github.asked.load(ordering: .relaxed) == 2)
    }

    @Test func aLeaseLeftByADeadInstanceExpiresAndTheNextAsks() async throws {
        let store = try await StoreKind.postgres.make()
        let github = SlowGitHub(maxAge: 60)
        let server = Self.instances(1, over: store, upstream: github)[0]
        // An instance died while refreshing this answer: its lease runs one more second.
        let key =
            CachePartition.name(holder: .owner, token: nil, key: Data()) + " "
            + StubTransport.base.appendingPathComponent("users/octocat").absoluteString
        #expect(try await store.claimLease("refresh " + key, holder: "dead", until: Date() + 1, now: Date()))
        let started = ContinuousClock.now
        let answer = try await server.send(.get("/users/octocat"))
        #expect(String(decoding: answer.body, as: UTF8.self) == "{\"answer\":1}")
        #expect(ContinuousClock.now - started >= .milliseconds(900))
        #expect(github.asked.load(ordering: .relaxed) == 1)
    }

    @Test func onSQLiteNoLeaseIsTaken() async throws {
        let store = try AppDatabase.inMemory()
        let server = Self.instances(1, over: store, upstream: SlowGitHub(maxAge: 60))[0]
        _ = try await server.send(.get("/users/octocat"))
        let key =
            CachePartition.name(holder: .owner, token: nil, key: Data()) + " "
            + StubTransport.base.appendingPathComponent("users/octocat").absoluteString
        // Free: nobody claimed it.
        #expect(try await store.claimLease("refresh " + key, holder: "other", until: Date() + 10, now: Date()))
    }
}
