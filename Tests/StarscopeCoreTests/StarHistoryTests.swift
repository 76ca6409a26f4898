import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Synchronization
import Testing

@testable import StarscopeCore
@testable import StarscopeSQLite

/// A repository's whole star history from GitHub's `stargazers/history`, against the fake over
/// real sockets, and the curve drawn from it.
@Suite struct StarHistoryTests {
    /// An reading over the cache over the real client, with a clock the test moves.
    static func reading(_ client: GitHubClient, database: AppDatabase, now: @escaping @Sendable () -> Date) throws -> ReadContext {
        let http = try #require(client.transport as? HTTPTransport)
        let cached = CachingTransport(
            upstream: http, database: database, configuration: http.configuration, holder: .owner,
            partitionKey: Data(repeating: 7, count: 32))
        return ReadContext(client: GitHubClient(transport: cached), database: database, viewer: .owner, now: now)
    }

    static func day(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / 86_400).rounded(.down)) }

    static func world() -> FakeGitHub.Configuration {
        var configuration = smallFake()
        configuration.maxAge = 0
        return configuration
    }

    @Test func aThreeYearOldRepositorysWholeLifeCostsItsPagesOnceThenOneConditionalRequestADay() async throws {
        try await withFakeClient(Self.world()) { client, fake in
            let now = Date()
            let threeYears = now.addingTimeInterval(-3 * 365 * 86_400)
            let repository = try #require(
                fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) }
                    .min { abs($0.createdAt.timeIntervalSince(threeYears)) < abs($1.createdAt.timeIntervalSince(threeYears)) })
            #expect(abs(repository.createdAt.timeIntervalSince(threeYears)) < 120 * 86_400)
            await fake.setStarsOverItsHistory(repository.fullName, to: 40_000)
            let database = try AppDatabase.inMemory()
            let clock = MovableClock(now)
            let reading = try Self.reading(client, database: database) { clock.now }
            let name = try RepositoryName(parsing: repository.fullName)

            await fake.clearRequests()
            let first = try await reading.history.starHistory(name)
            let weeks = try #require(await fake.starHistory(repository.fullName)).count
            let pages = (weeks + 29) / 30
            #expect(weeks > 150 && pages >= 6)
            let made = await fake.requests()
            #expect(made.filter { $0.path.hasSuffix("/stargazers/history") }.count == pages)
            #expect(made.count <= pages + 1)
            // The whole life: from the day it was created to today, ending at GitHub's count.
            #expect(first.curve.days.first?.day == Self.day(repository.createdAt))
            #expect(first.curve.days.last?.day == Self.day(now))
            #expect(first.curve.total == 40_000)
            #expect(first.curve.days.map(\.stars).reduce(0, +) == 40_000)
            #expect(first.requests == pages)

            // Again the same day: nothing asked.
            await fake.clearRequests()
            let again = try await reading.history.starHistory(name)
            #expect(await fake.requests().isEmpty)
            #expect(again.curve == first.curve)

            // The next day: page 1 only, conditionally; five new stars land on today.
            await fake.setStars(repository.fullName, to: 40_005)
            clock.now = now.addingTimeInterval(86_400 + 60)
            await fake.clearRequests()
            let nextDay = try await reading.history.starHistory(name)
            let asked = await fake.requests()
            #expect(asked.count == 1)
            #expect(asked.first?.path.hasSuffix("/stargazers/history") == true && asked.first?.conditional == true)
            #expect(nextDay.curve.total == 40_005)
        }
    }

    @Test func aFirstHistoryNeverSpendsTheLastFifthOfTheRateLimit() async throws {
        try await withFakeClient(Self.world()) { client, fake in
            let threeYears = Date().addingTimeInterval(-3 * 365 * 86_400)
            let repository = try #require(
                fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 200 && $0.createdAt < threeYears }
                    .first)
            let database = try AppDatabase.inMemory()
            let reading = try Self.reading(client, database: database) { Date() }
            let name = try RepositoryName(parsing: repository.fullName)
            _ = try await reading.details.repository(name)
            // 15 of 60 left: the other pages would leave fewer than 12.
            await fake.setRemaining(15)
            await fake.clearRequests()
            let partial = try await reading.history.starHistory(name)
            #expect(partial.partial && partial.requests == 1)
            #expect(await fake.requests().count == 1)
            #expect(partial.curve.total == repository.stars, "the line still ends at GitHub's count")
            #expect(partial.curve.days.count <= 30 * 7 + 7)
            #expect(
                try await database.gitHubStarWeeks(of: try await reading.details.repository(name)) == nil,
                "kept nowhere: asked whole later")
            await fake.setRemaining(60)
            let whole = try await reading.history.starHistory(name)
            #expect(!whole.partial && whole.curve.days.first?.day == Self.day(repository.createdAt))
        }
    }

    /// Ten first histories asked at once (a comparison of ten) each see the same rate limit with
    /// their first page; together they still leave the reserve, claiming their pages before asking.
    @Test func tenFirstHistoriesAtOnceLeaveTheReserve() async throws {
        try await withFakeClient(Self.world()) { client, fake in
            let overAYear = Date().addingTimeInterval(-400 * 86_400)
            let repositories = Array(
                fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) && $0.createdAt < overAYear }.prefix(10))
            try #require(repositories.count == 10)
            let database = try AppDatabase.inMemory()
            let reading = try Self.reading(client, database: database) { Date() }
            let names = try repositories.map { try RepositoryName(parsing: $0.fullName) }
            for name in names { _ = try await reading.details.repository(name) }
            // 30 of 60 left: each history alone could take its other pages and leave 12.
            await fake.setRemaining(30)
            await fake.clearRequests()
            let histories = try await withThrowingTaskGroup(of: StarHistory.self) { group in
                for name in names { group.addTask { try await reading.history.starHistory(name) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let asked = await fake.requests().count
            #expect(histories.count == 10)
            #expect(
                30 - asked >= StarHistories.starHistoryReserve(RateLimit(resource: "core", limit: 60, remaining: 0, used: 0, reset: Date()))
            )
            #expect(histories.contains { $0.partial } && histories.contains { !$0.partial })
        }
    }

    @Test func theEndpointPagesLikeGitHub() async throws {
        try await withFakeClient(Self.world()) { client, fake in
            let repository = try #require(
                fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 50 }.min {
                    $0.createdAt < $1.createdAt
                })
            let weeks = try #require(await fake.starHistory(repository.fullName))
            #expect(weeks.map(\.week) == weeks.map(\.week).sorted(by: >), "newest first")
            #expect(weeks.allSatisfy { $0.days.count == 7 && $0.total == $0.days.reduce(0, +) })
            #expect(weeks.allSatisfy { ($0.week / 86_400 + 4) % 7 == 0 }, "each week starts on a Sunday")
            #expect(weeks.map(\.total).reduce(0, +) == repository.stars)
            // 30 a page whatever per_page asks, `Link` naming the last page.
            let path = "/repos/\(repository.fullName)/stargazers/history"
            let page = try await client.page(
                GitHubRequest.get(path, [QueryItem("per_page", "100")]).version(GitHubClient.starHistoryVersion), of: StarHistoryWeek.self,
                shape: .array)
            #expect(page.items.count == min(30, weeks.count))
            #expect(page.links.lastPage == (weeks.count + 29) / 30)
            // Only in its API version.
            let old = await gitHubFailure { try await client.send(.get(path)) }
            if case .notFound = old {} else { Issue.record("expected 404 without the API version, got \(String(describing: old))") }
            // A repository GitHub has no history of answers 422.
            let none = try #require(fake.dataset.repositories.first { FakeGitHub.hasNoStarHistory($0.id) })
            let refused = await gitHubFailure { try await client.starHistoryPage(owner: none.ownerLogin, name: none.name) }
            if case .validationFailed = refused {} else { Issue.record("expected 422, got \(String(describing: refused))") }
        }
    }

    @Test func aRepositoryWithoutHistoryOrStarsSaysSo() async throws {
        try await withFakeClient(Self.world()) { client, fake in
            let database = try AppDatabase.inMemory()
            let reading = try Self.reading(client, database: database) { Date() }
            let none = try #require(fake.dataset.repositories.first { FakeGitHub.hasNoStarHistory($0.id) })
            let unavailable = try await reading.history.starHistory(RepositoryName(parsing: none.fullName))
            #expect(unavailable.unavailable && unavailable.curve.total == 0)
            let starless = try #require(fake.dataset.repositories.first { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars == 0 })
            let empty = try await reading.history.starHistory(RepositoryName(parsing: starless.fullName))
            #expect(!empty.unavailable && empty.curve.total == 0 && empty.curve.peakDay == nil)
        }
    }

    /// What a detail shows below itself, in one call: Starscope's own counts and GitHub's history,
    /// read over the weeks kept with those counts; a history GitHub cannot give is a failure told
    /// in its place, not an error.
    @Test func aDetailGetsBothHistoriesAndAFailureInPlaceOfOne() async throws {
        try await withFakeClient(Self.world()) { client, fake in
            let database = try AppDatabase.inMemory()
            let reading = try Self.reading(client, database: database) { Date() }
            let known = try #require(
                fake.dataset.repositories.first { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0 && !$0.isPrivate })
            let repository = try await reading.details.repository(RepositoryName(parsing: known.fullName))
            let first = await reading.history.detailStarHistory(of: repository)
            #expect(first.samples.map(\.stars) == [repository.stargazersCount])
            let history = try first.gitHub.get()
            #expect(!history.unavailable && history.requests > 0)

            // The weeks are kept now: the same day, nothing is asked.
            await fake.clearRequests()
            let again = await reading.history.detailStarHistory(of: repository)
            #expect(await fake.requests().isEmpty)
            #expect(again.samples == first.samples)
            #expect(try again.gitHub.get().curve == history.curve && again.gitHub.get().requests == 0)
            #expect(try await reading.history.starHistoryResult(RepositoryName(parsing: known.fullName)).get().curve == history.curve)

            let missing = await reading.history.starHistoryResult(try RepositoryName(parsing: "octocat/not-there"))
            #expect(missing == .failure(.notFound("Repository octocat/not-there was not found on GitHub.")))
        }
    }

    @Test func aHostileWeekIsHeldAtTheEdge() throws {
        let json = #"[{"week": 1762041600, "total": 9e30, "days": [-5, 1e300, 3, 4, 5, 6, 7, 8, 9]}]"#
        let weeks = try JSONDecoder().decode([StarHistoryWeek].self, from: Data(json.utf8))
        #expect(weeks.first?.days == [0, Count.maximum, 3, 4, 5, 6, 7])
        #expect(weeks.first?.total == Count.maximum)
        let curve = StarCurve(weeks: weeks, firstDay: nil, today: 20_400)
        #expect(curve.total == Count.maximum + 25)
    }

    @Test func peakDayBestWeekAndStarsWithdrawn() throws {
        let sunday: Int64 = 20_394  // Sunday 2025-11-02
        #expect(StarHistoryWeek.sunday(onOrBefore: sunday + 3) == sunday)
        let weeks = [
            StarHistoryWeek(week: (sunday + 7) * 86_400, total: 12, days: [1, 1, 1, 1, 1, 1, 6]),
            StarHistoryWeek(week: sunday * 86_400, total: 40, days: [0, 2, 30, 3, 2, 2, 1]),
        ]
        let curve = StarCurve(weeks: weeks, firstDay: sunday + 1, today: sunday + 16)
        #expect(curve.days.first?.day == sunday + 1)
        #expect(curve.total == 52)
        #expect(curve.peakDay?.day == sunday + 2 && curve.peakDay?.stars == 30)
        #expect(curve.bestWeek?.stars == 41 && curve.bestWeek?.start == sunday + 1)
        #expect(curve.weekly.map(\.stars) == [40, 12, 0] && curve.weekly.map(\.total) == [40, 52, 52])
        #expect(curve.total(atEndOf: sunday + 2) == 32)
        // Starscope saw 45 on day 3 of the first week, where GitHub now counts 35: 10 withdrawn since.
        let seen = [
            StarSample(
                repositoryID: 1, fullName: "a/b", recordedAt: Date(timeIntervalSince1970: Double(sunday + 3) * 86_400 + 3_600), stars: 45),
            StarSample(repositoryID: 1, fullName: "a/b", recordedAt: Date(timeIntervalSince1970: Double(sunday + 10) * 86_400), stars: 40),
        ]
        #expect(curve.withdrawn(since: seen) == 10)
        #expect(curve.withdrawn(since: []) == nil)
        // Counts that cannot be (an observation of Int.min, a negative day) do not trap.
        let odd = [StarSample(repositoryID: 1, fullName: "a/b", recordedAt: Date(timeIntervalSince1970: 0), stars: Int.min)]
        #expect(curve.withdrawn(since: odd) == 0)
        #expect(
            StarCurve(
                weeks: [StarHistoryWeek(week: sunday * 86_400, total: -5, days: [-5, 0, 0, 0, 0, 0, 0])], firstDay: nil, today: sunday
            ).total == 0)
    }
}

/// A clock a test moves.
final class MovableClock: Sendable {
    private let value: Mutex<Date>

    init(_ now: Date) { value = Mutex(now) }

    var now: Date {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
