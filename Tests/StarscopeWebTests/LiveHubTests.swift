import FakeGitHub
import Foundation
import StarscopeCore
import StarscopeTestSupport
import Testing

@testable import StarscopeWeb

/// Live star counts: one upstream check for every tab, changes pushed, nothing when no page is open.
@Suite struct LiveHubTests {
    @Test func twoPagesShareOneStreamOfChecksAndBothSeeTheChange() async throws {
        var configuration = WebHarness.smallWorld()
        configuration.maxAge = 0
        configuration.searchLimitAnonymous = 100_000
        try await WebHarness.run(configuration, searchFreshness: 0, liveInterval: 1) { web in
            let query = TrendingQuery(timeframe: .month)
            let source = LiveSource.trending(query, page: 1)
            let first = try await web.services.live.subscribe([source], owner: "first")
            let second = try await web.services.live.subscribe([source], owner: "second")
            // Let the first round set the baseline, then move a repository on that page.
            try await Task.sleep(for: .milliseconds(500))
            let items = try await web.services.reading.lists.trendingPage(query, page: 1).items
            let target = try #require(items.dropFirst(3).first)
            await web.fake.setStars(target.fullName, to: target.stargazersCount + 1_000)
            let expected = target.stargazersCount + 1_000
            async let seenByFirst = Self.firstEvent(in: first) { $0.repo == target.fullName && $0.stars == expected }
            async let seenBySecond = Self.firstEvent(in: second) { $0.repo == target.fullName && $0.stars == expected }
            let (a, b) = await (seenByFirst, seenBySecond)
            #expect(a == LiveEvent(repo: target.fullName, stars: target.stargazersCount + 1_000))
            #expect(b == a)
            // One search per round, not one per page: rounds are at least a second apart.
            let searches = await web.fake.requests().filter { $0.path == "/search/repositories" }
            let span = (searches.last?.time ?? Date()).timeIntervalSince(searches.first?.time ?? Date())
            #expect(Double(searches.count) <= span / 1 + 2.5, "\(searches.count) searches in \(span) s")
        }
    }

    /// Search results are kept live as every list of repositories is: the page names its list,
    /// and a watched search sees a count move with the same search request the page sent.
    @Test func searchResultsCarryLiveStarCounts() async throws {
        var configuration = WebHarness.smallWorld()
        configuration.maxAge = 0
        configuration.searchLimitAnonymous = 100_000
        try await WebHarness.run(configuration, searchFreshness: 0, liveInterval: 1) { web in
            let target = try #require(web.fake.dataset.repositories.first { !$0.fork && !$0.isPrivate })
            let search = GitHubSearch(text: "\(target.name) user:\(target.ownerLogin)")
            let list = SearchList(search: search)
            let (_, html, _) = try await web.page(SiteURL.search(list).href)
            let watched = SiteURL.search(list).href.replacingOccurrences(of: "&", with: "&amp;")
            #expect(html.contains("data-live-list=\"\(watched)\""))
            #expect(try ListOrigin(link: SiteURL.search(list).href) == .search(list))
            // People have no star counts to keep live.
            let (_, people, _) = try await web.page("/search?q=octo&type=users")
            #expect(!people.contains("data-live-list"))
            #expect(try await web.get("/live?list=%2Fsearch%3Fq%3Docto%26type%3Dusers").status == .badRequest)

            let stream = try await web.services.live.subscribe([.search(search, page: 1)], owner: "search")
            try await Task.sleep(for: .milliseconds(1_500))
            let expected = target.stars + 777
            await web.fake.setStars(target.fullName, to: expected)
            let seen = await Self.firstEvent(in: stream) { $0.repo == target.fullName && $0.stars == expected }
            #expect(seen == LiveEvent(repo: target.fullName, stars: expected))
        }
    }

    @Test func checksStopWhenNoPageIsOpen() async throws {
        var configuration = WebHarness.smallWorld()
        configuration.maxAge = 0
        try await WebHarness.run(configuration, liveInterval: 0.5) { web in
            let repo = try #require(web.fake.dataset.repositories.first)
            let name = try RepositoryName(parsing: repo.fullName)
            var stream: AsyncStream<LiveHub.Message>? = try await web.services.live.subscribe([.repository(name)], owner: "test")
            #expect(stream != nil)
            try await Task.sleep(for: .milliseconds(300))
            #expect(await web.services.live.status.watching == 1)
            stream = nil
            _ = stream
            #expect(try await eventually { await web.services.live.status.watching == 0 })
            // A check already under way may finish (slowly, on a busy machine); after that, a quiet
            // window of 2 s comes, with nothing asked. Checks that went on would fill every window.
            var quiet = false
            for _ in 0..<5 where !quiet {
                await web.fake.clearRequests()
                try await Task.sleep(for: .seconds(2))
                quiet = await web.fake.requests().isEmpty
            }
            #expect(quiet, "checks went on with no page open")
        }
    }

    /// A round held by a slow GitHub (or a busy store) does not hold the heartbeats: a stream
    /// silent for longer than a proxy's or a browser's read time-out would be cut.
    @Test func heartbeatsGoOnWhileARoundWaitsForGitHub() async throws {
        var configuration = WebHarness.smallWorld()
        configuration.maxAge = 0
        try await WebHarness.run(configuration, liveInterval: 0.5) { web in
            let repo = try #require(web.fake.dataset.repositories.first)
            let name = try RepositoryName(parsing: repo.fullName)
            await web.fake.inject(.slow(seconds: 60), path: "/repos/\(repo.fullName)")
            let stream = try await web.services.live.subscribe([.repository(name)], owner: "test")
            // The round's request reached GitHub, which holds it.
            #expect(try await eventually { await web.fake.requests().contains { $0.path == "/repos/\(repo.fullName)" } })
            let beats = await Self.heartbeats(in: stream, wanted: 3, within: .seconds(20))
            let stillHeld = await web.fake.requests().filter { $0.path == "/repos/\(repo.fullName)" }.count == 1
            await web.fake.releaseSlowAnswers()
            #expect(stillHeld)
            #expect(beats == 3, "\(beats) heartbeats while GitHub held the round")
        }
    }

    /// Counts heartbeats until `wanted` arrive or `limit` passes.
    static func heartbeats(in stream: AsyncStream<LiveHub.Message>, wanted: Int, within limit: Duration) async -> Int {
        await withTaskGroup(of: Int?.self) { group in
            group.addTask {
                var counted = 0
                for await message in stream {
                    if case .heartbeat = message { counted += 1 }
                    if counted == wanted { break }
                }
                return counted  // also when cancelled: the iteration ends, the count stays
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if let first { return first }
            return await group.next().flatMap { $0 } ?? 0
        }
    }

    /// The first matching event, or nil after 60 seconds.
    static func firstEvent(in stream: AsyncStream<LiveHub.Message>, where matches: @escaping @Sendable (LiveEvent) -> Bool) async
        -> LiveEvent?
    {
        await withTaskGroup(of: LiveEvent?.self) { group in
            group.addTask {
                for await message in stream {
                    if case .stars(let event) = message, matches(event) { return event }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
