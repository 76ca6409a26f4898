import FakeGitHub
import Foundation
import StarscopeTestSupport
import Testing

@testable import GitHubAPI
@testable import StarscopeCore

/// The use cases against the fake GitHub.
@Suite struct UseCaseTests {
    @Test func trendingCollectsExactlyTheLimitInFewestRequests() async throws {
        try await withFakeClient { client, fake in
            let reading = ReadContext(client: client, viewer: .owner)
            let result = try await reading.lists.trending(TrendingQuery(timeframe: .month), limit: 250)
            #expect(result.items.count == 250)
            #expect(result.requests == 3)
            #expect(await fake.requests().count == 3)
            let stars = result.items.map(\.stargazersCount)
            #expect(stars == stars.sorted(by: >))
        }
    }

    /// Unfiltered, pages 1 to 3 are asked for together, before any answer; the list is the
    /// same, in the same order, as following `next` one page at a time.
    @Test func pagesAskedForTogetherKeepTheirOrder() async throws {
        try await withFakeClient { client, fake in
            let query = TrendingQuery(timeframe: .month)
            // The fake holds each search's answer until let go: all three pages are asked for
            // while none has been answered (one after another, only page 1 would be).
            await fake.inject(.slow(seconds: 600), path: "/search/repositories", count: 3)
            let listing = Task { try await ReadContext(client: client, viewer: .owner).lists.trending(query, limit: 300) }
            var waiting = 0
            for _ in 0..<500 where waiting < 3 {
                try await Task.sleep(for: .milliseconds(20))
                waiting = await fake.requests().count { $0.path == "/search/repositories" }
            }
            #expect(waiting == 3)
            await fake.releaseSlowAnswers()
            let result = try await listing.value
            let pages = await fake.requests().compactMap(\.query).map { query in
                query.split(separator: "&").first { $0.hasPrefix("page=") }.map(String.init) ?? "page=1"
            }
            #expect(pages.sorted() == ["page=1", "page=2", "page=3"])

            var sequential: [String] = []
            var page = try await client.searchRepositories(query: try query.searchQuery(now: Date()), perPage: 100)
            while true {
                sequential += page.items.map(\.fullName)
                guard sequential.count < 300, let next = try await client.nextPage(after: page) else { break }
                page = next
            }
            #expect(result.items.map(\.fullName) == Array(sequential.prefix(300)))
            #expect(result.requests == 3)
        }
    }

    /// With a filter the list may be short: page 1 first, then only the pages its `Link` names.
    @Test func aFilteredListAsksForPageOneFirst() async throws {
        try await withFakeClient { client, fake in
            let query = TrendingQuery(timeframe: .month, language: "Swift")
            let result = try await ReadContext(client: client, viewer: .owner).lists.trending(query, limit: 300)
            let pages = await fake.requests().compactMap(\.query).map { query in
                query.split(separator: "&").first { $0.hasPrefix("page=") }.map(String.init) ?? "page=1"
            }
            let total = try #require(result.totalCount)
            #expect(total > 100 && total <= 200)
            #expect(pages == ["page=1", "page=2"])
            #expect(result.items.count == total)
        }
    }

    /// Unfiltered but shorter than the limit (a small GitHub): the pages past the end come back
    /// empty, and the list is every match once, in order.
    @Test func pagesAskedForTogetherPastTheEndAddNothing() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let query = TrendingQuery(timeframe: .month)
            let result = try await ReadContext(client: client, viewer: .owner).lists.trending(query, limit: 500)
            let total = try #require(result.totalCount)
            #expect(total > 200 && total < 300)
            #expect(result.items.count == total)
            #expect(Set(result.items.map(\.id)).count == total)
            let stars = result.items.map(\.stargazersCount)
            #expect(stars == stars.sorted(by: >))
            #expect(await fake.requests().count == 5)
        }
    }

    /// "Today" is the last 24 hours: 17 minutes after midnight UTC it lists what was made since
    /// that time yesterday (a calendar day would list only those 17 minutes, none of them here).
    @Test func todayIsTheLastDayNotTheCalendarDay() async throws {
        let now = TimeframeTests.date("2026-11-27T00:17:00Z")
        try await withFakeClient(dayWorld(at: now)) { client, fake in
            let result = try await ReadContext(client: client, viewer: .owner, now: { now }).lists.trending(
                TrendingQuery(timeframe: .day), limit: 100)
            let since = TimeframeTests.date("2026-11-26T00:00:00Z")
            #expect(!result.items.isEmpty)
            #expect(result.items.allSatisfy { $0.createdAt > since && $0.createdAt <= now })
            let made = fake.dataset.repositories.filter { !$0.fork && $0.createdAt > since && $0.createdAt <= now }
            #expect(result.items.count == min(100, made.count))
        }
    }

    @Test func pageAddressesCountUpFromNextThroughTheLast() throws {
        let next = try #require(URL(string: "https://api.example/search/repositories?q=a&page=2&per_page=100"))
        let addresses = GitHubClient.pageAddresses(from: next, through: 9, count: 3).map(\.absoluteString)
        #expect(
            addresses == [
                "https://api.example/search/repositories?q=a&page=2&per_page=100",
                "https://api.example/search/repositories?q=a&page=3&per_page=100",
                "https://api.example/search/repositories?q=a&page=4&per_page=100",
            ])
        #expect(GitHubClient.pageAddresses(from: next, through: 3, count: 5).count == 2)
        #expect(GitHubClient.pageAddresses(from: next, through: nil, count: 5) == [next])
        #expect(GitHubClient.pageAddresses(from: next, through: 2, count: 5) == [next])
    }

    @Test func trendingReportsProgressPerPage() async throws {
        try await withFakeClient { client, _ in
            let pages = Counter()
            _ = try await ReadContext(client: client, viewer: .owner).lists.trending(TrendingQuery(), limit: 200) { loaded, expected in
                pages.record(loaded, expected)
            }
            #expect(pages.values == [[1, 2], [2, 2]])
        }
    }

    @Test func accountRepositoriesLeaveOutForksUnlessAsked() async throws {
        try await withFakeClient { client, fake in
            let reading = ReadContext(client: client, viewer: .owner)
            let owner = try #require(
                fake.dataset.accounts.first { account in fake.dataset.repositories(ownedBy: account).contains(where: \.fork) })
            let all = fake.dataset.repositories(ownedBy: owner)
            let withoutForks = try await reading.lists.repositories(of: owner.login, includeForks: false, limit: 1_000)
            #expect(withoutForks.items.count == all.filter { !$0.fork }.count)
            #expect(withoutForks.items.allSatisfy { !$0.fork })
            let withForks = try await reading.lists.repositories(of: owner.login, includeForks: true, limit: 1_000)
            #expect(withForks.items.count == all.count)
        }
    }

    @Test func missingAccountAndRepositoryAreClearlyNotFound() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let reading = ReadContext(client: client, viewer: .owner)
            await #expect(throws: StarscopeError.notFound("No GitHub user or organisation is called \"nobody-here\".")) {
                try await reading.people.profile(login: "nobody-here")
            }
            await #expect(throws: StarscopeError.notFound("Repository octocat/nope was not found on GitHub.")) {
                try await reading.details.open(link: "https://github.com/octocat/nope")
            }
            await #expect(throws: StarscopeError.self) { try await reading.people.profile(login: "../etc") }
            // The malformed login never reached GitHub.
            #expect(await fake.requests().count == 2)
        }
    }

    @Test func usersPageThroughSinceWithoutDuplicates() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let result = try await ReadContext(client: client, viewer: .owner).people.users(since: nil, limit: 25)
            #expect(result.items.map(\.id) == Array(fake.dataset.accounts.prefix(25).map(\.id)))
            let after = try await ReadContext(client: client, viewer: .owner).people.users(since: result.items.last?.id, limit: 10)
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
