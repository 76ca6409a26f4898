import FakeGitHub
import Foundation
import StarscopeTestSupport
import Testing

@testable import StarscopeCore

/// The use cases against the fake GitHub.
@Suite struct ExplorerTests {
    @Test func trendingCollectsExactlyTheLimitInFewestRequests() async throws {
        try await withFakeClient { client, fake in
            let explorer = Explorer(client: client)
            let result = try await explorer.trending(TrendingQuery(timeframe: .month), limit: 250)
            #expect(result.items.count == 250)
            #expect(result.requests == 3)
            #expect(await fake.requests().count == 3)
            let stars = result.items.map(\.stargazersCount)
            #expect(stars == stars.sorted(by: >))
        }
    }

    @Test func trendingReportsProgressPerPage() async throws {
        try await withFakeClient { client, _ in
            let pages = Counter()
            _ = try await Explorer(client: client).trending(TrendingQuery(), limit: 200) { loaded, expected in
                pages.record(loaded, expected)
            }
            #expect(pages.values == [[1, 2], [2, 2]])
        }
    }

    @Test func accountRepositoriesLeaveOutForksUnlessAsked() async throws {
        try await withFakeClient { client, fake in
            let explorer = Explorer(client: client)
            let owner = try #require(
                fake.dataset.accounts.first { account in fake.dataset.repositories(ownedBy: account).contains(where: \.fork) })
            let all = fake.dataset.repositories(ownedBy: owner)
            let withoutForks = try await explorer.repositories(of: owner.login, includeForks: false, limit: 1_000)
            #expect(withoutForks.items.count == all.filter { !$0.fork }.count)
            #expect(withoutForks.items.allSatisfy { !$0.fork })
            let withForks = try await explorer.repositories(of: owner.login, includeForks: true, limit: 1_000)
            #expect(withForks.items.count == all.count)
        }
    }

    @Test func missingAccountAndRepositoryAreClearlyNotFound() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let explorer = Explorer(client: client)
            await #expect(throws: StarscopeError.notFound("No GitHub user or organisation is called \"nobody-here\".")) {
                try await explorer.profile(login: "nobody-here")
            }
            await #expect(throws: StarscopeError.notFound("Repository octocat/nope was not found on GitHub.")) {
                try await explorer.open(link: "https://github.com/octocat/nope")
            }
            await #expect(throws: StarscopeError.self) { try await explorer.profile(login: "../etc") }
            // The malformed login never reached GitHub.
            #expect(await fake.requests().count == 2)
        }
    }

    @Test func usersPageThroughSinceWithoutDuplicates() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let result = try await Explorer(client: client).users(since: nil, limit: 25)
            #expect(result.items.map(\.id) == Array(fake.dataset.accounts.prefix(25).map(\.id)))
            let after = try await Explorer(client: client).users(since: result.items.last?.id, limit: 10)
            #expect(after.items.map(\.id) == Array(fake.dataset.accounts.dropFirst(25).prefix(10).map(\.id)))
        }
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [[Int]] = []

    func record(_ loaded: Int, _ expected: Int) {
        lock.withLock { recorded.append([loaded, expected]) }
    }

    var values: [[Int]] { lock.withLock { recorded } }
}
