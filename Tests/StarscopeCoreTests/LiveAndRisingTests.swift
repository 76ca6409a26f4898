import FakeGitHub
import Foundation
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeCore
@testable import StarscopeSQLite

@Suite struct LiveBudgetTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func limit(_ remaining: Int, of total: Int, resetIn seconds: TimeInterval) -> RateLimit {
        RateLimit(resource: "core", limit: total, remaining: remaining, used: total - remaining, reset: now + seconds)
    }

    @Test func spendsAtMostTheShareOfWhatRemains() {
        let budget = LiveBudget(share: 0.5, minimumInterval: 1)
        // 60 an hour, all left: at most 30 checks before the reset, so one every 120 s.
        #expect(budget.plan(after: limit(60, of: 60, resetIn: 3_600), now: now) == .checkAfter(120))
        // Less left, slower.
        #expect(budget.plan(after: limit(10, of: 60, resetIn: 3_600), now: now) == .checkAfter(720))
        // Three sources per round cost three requests.
        #expect(budget.plan(after: limit(60, of: 60, resetIn: 3_600), requestsPerCheck: 3, now: now) == .checkAfter(360))
        // Stops before running out, until the reset.
        #expect(budget.plan(after: limit(1, of: 60, resetIn: 900), now: now) == .pauseUntilReset(900))
        #expect(budget.plan(after: limit(0, of: 60, resetIn: 900), now: now) == .pauseUntilReset(900))
    }

    @Test func neverFasterThanTheMinimumAndHonoursRetryAfter() {
        let budget = LiveBudget(share: 0.5, minimumInterval: 60)
        #expect(budget.plan(after: limit(5_000, of: 5_000, resetIn: 3_600), now: now) == .checkAfter(60))
        #expect(budget.plan(after: nil, now: now) == .checkAfter(60))
        #expect(budget.plan(afterSecondaryLimit: 120) == .pauseUntilReset(120))
        #expect(budget.plan(afterSecondaryLimit: nil) == .pauseUntilReset(60))
    }

    /// A small world whose answers are stale at once, so that every check asks GitHub.
    static func smallRevalidatingFake() -> FakeGitHub.Configuration {
        var configuration = FakeGitHub.Configuration()
        configuration.accountCount = 20
        configuration.repositoryCount = 100
        configuration.maxAge = 0
        return configuration
    }

    @Test func aRoundStopsWhenItsShareIsSpentAndTheRestGetTheirTurnLater() async throws {
        try await withFakeClient(Self.smallRevalidatingFake()) { client, fake in
            let reading = ReadContext(client: client, database: try AppDatabase.inMemory(), viewer: .owner)
            // 20 different searches, as 20 pages each asking for another `q` would watch.
            let sources = Set((0..<20).map { LiveSource.trending(TrendingQuery(timeframe: .week, language: nil, text: "q\($0)"), page: 1) })
            await fake.setRemaining(10, resource: "search")
            var scheduler = LiveScheduler(budget: LiveBudget(share: 0.5, minimumInterval: 1))
            _ = await scheduler.round(sources, reading: reading)
            // The first answer says 9 of 10 left: half of the 10 there were is 5, so 5 searches in all.
            #expect(await fake.requests().count == 5)
            #expect(await fake.rateLimit(resource: "search").remaining == 5)
            // The next round has half of 5, rounded down: 2, and starts where the last one left off.
            _ = await scheduler.round(sources, reading: reading)
            let queries = await fake.requests().map(\.query)
            #expect(queries.count == 7)
            #expect(Set(queries).count == 7)
            // With 1 left, half is nothing: no request at all.
            await fake.setRemaining(1, resource: "search")
            _ = await scheduler.round(sources, reading: reading)
            _ = await scheduler.round(sources, reading: reading)
            #expect(await fake.requests().count <= 8)
        }
    }

    @Test func roundsChecksOnceAndWaitsWithinTheBudgetForSixtyAnHour() async throws {
        try await withFakeClient(Self.smallRevalidatingFake()) { client, fake in
            let reading = ReadContext(client: client, database: try AppDatabase.inMemory(), viewer: .owner)
            let repo = try #require(fake.dataset.repositories.first)
            let name = try RepositoryName(parsing: repo.fullName)
            var scheduler = LiveScheduler(budget: LiveBudget(share: 0.5, minimumInterval: 1))
            let round = await scheduler.round([.repository(name)], reading: reading)
            #expect(round.stars[.repository(name)]?[repo.fullName] == repo.stars)
            #expect(await fake.requests().count == 1)
            // 59 of 60 left: half is 29 checks before the reset, so about two minutes apart.
            #expect(round.delay > 100)
            await fake.setStars(repo.fullName, to: repo.stars + 7)
            let second = await scheduler.round([.repository(name)], reading: reading)
            #expect(second.stars[.repository(name)]?[repo.fullName] == repo.stars + 7)
            #expect(second.delay > 100)
            #expect(await fake.requests().count == 2)
            #expect(await fake.requests().allSatisfy { $0.path == "/repos/\(repo.fullName)" })
        }
    }
}

@Suite struct RisingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func repository(_ id: Int64, _ name: String) -> Repository {
        Repository(
            id: id, name: name, fullName: "owner/\(name)", owner: Account(id: 1, login: "owner"),
            htmlURL: "https://github.com/owner/\(name)",
            createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    func seed(_ database: AppDatabase, _ history: [(Int64, String, TimeInterval, Int)]) async throws {
        for (id, name, ago, stars) in history {
            var repo = repository(id, name)
            repo.stargazersCount = stars
            try await database.observe([repo], for: .owner, at: now - ago)
        }
    }

    @Test func ranksByStarsGainedOverEachTimeframe() async throws {
        let database = try AppDatabase.inMemory()
        let day: TimeInterval = 86_400
        try await seed(
            database,
            [
                (1, "a", 40 * day, 100), (1, "a", 20 * day, 150), (1, "a", 5 * day, 200), (1, "a", 3_600, 260),
                (2, "b", 40 * day, 10), (2, "b", 2 * day, 500), (2, "b", 600, 520),
                (3, "c", 3 * 3_600, 50),
            ])
        let rising = Rising(database: database, now: { self.now })
        let dayResult = try await rising.rank(.day)
        #expect(dayResult.entries.map(\.repository.name) == ["a", "b"])
        #expect(dayResult.entries.map(\.gained) == [60, 20])
        #expect(dayResult.entries.first?.from == now - 5 * day)
        #expect(!dayResult.historyIsShort)
        let week = try await rising.rank(.week)
        #expect(week.entries.map(\.repository.name) == ["b", "a"])
        #expect(week.entries.map(\.gained) == [510, 110])
        let month = try await rising.rank(.month)
        #expect(month.entries.map(\.gained) == [510, 160])
        #expect(month.historyNote(now: now) == nil)
        #expect(month.entries.first?.repository.stargazersCount == 520)
    }

    @Test func saysSoWhenHistoryIsTooShort() async throws {
        let database = try AppDatabase.inMemory()
        let rising = Rising(database: database, now: { self.now })
        let empty = try await rising.rank(.week)
        #expect(empty.entries.isEmpty)
        #expect(empty.historyNote(now: now)?.contains("Not enough history yet") == true)
        try await seed(database, [(1, "a", 3 * 3_600, 10), (1, "a", 3_600, 14)])
        let short = try await rising.rank(.week)
        #expect(short.historyIsShort)
        #expect(short.entries.map(\.gained) == [4])
        #expect(
            short.historyNote(now: now) == "Starscope's star history covers only the last 3 hours, not this week: gains are over that span."
        )
    }

    /// Day one: Starscope's own records cover hours, but GitHub's star history kept for the
    /// repositories seen this week tells each one's whole week, and the note says which is which.
    @Test func aNewInstallRanksFromGitHubsStarHistoryAndSaysSo() async throws {
        let database = try AppDatabase.inMemory()
        let hour: TimeInterval = 3_600
        try await seed(database, [(1, "a", 3 * hour, 10), (1, "a", hour, 14), (2, "b", hour, 100), (2, "b", 60, 101)])
        let today = CivilDate.dayNumber(of: now - hour)
        var old = repository(2, "b")
        old.stargazersCount = 101
        try await database.saveRecentStarWeeks(of: old, weeks: starWeeks(from: today - 100, through: today, perDay: 10), at: now - hour)
        var young = repository(3, "c")
        young.createdAt = now - 2.5 * 86_400
        young.stargazersCount = 30
        try await database.observe([young], for: .owner, at: now - hour)
        let born = CivilDate.dayNumber(of: young.createdAt)
        try await database.saveRecentStarWeeks(of: young, weeks: starWeeks(from: born, through: today, perDay: 10), at: now - hour)

        let rising = Rising(database: database, now: { self.now })
        let week = try await rising.rank(.week)
        #expect(week.entries.map(\.repository.name) == ["b", "c", "a"])
        #expect(week.entries.map(\.gained) == [70, Int(today - born + 1) * 10, 4])
        #expect(week.entries.map(\.source) == [.gitHubHistory, .gitHubHistory, .recorded])
        #expect(week.entries.first?.from == now - hour - 7 * 86_400)
        #expect(week.entries[1].from == young.createdAt)
        let note = try #require(week.historyNote(now: now))
        #expect(note.hasPrefix("Gains marked \"GitHub\" (2 of 3) come from GitHub's star history"), "\(note)")
        #expect(note.hasSuffix("Starscope's own records cover only the last 3 hours."), "\(note)")
        let day = try await rising.rank(.day)
        #expect(day.entries.map(\.gained) == [10, 10, 4])
        // A burst seen by Starscope after GitHub's daily check outweighs the day GitHub counted.
        var burst = old
        burst.stargazersCount = 600
        try await database.observe([burst], for: .owner, at: now - 30)
        let after = try await rising.rank(.day)
        let first = try #require(after.entries.first)
        #expect(first.repository.name == "b" && first.gained == 500 && first.source == .recorded)
    }

    /// Where Starscope's own records cover the window, they rank (stars withdrawn count too).
    @Test func ownRecordsThatCoverTheWindowWinOverGitHubsHistory() async throws {
        let database = try AppDatabase.inMemory()
        try await seed(database, [(4, "d", 8 * 86_400, 100), (4, "d", 60, 150)])
        let today = CivilDate.dayNumber(of: now)
        var repo = repository(4, "d")
        repo.stargazersCount = 150
        try await database.saveRecentStarWeeks(of: repo, weeks: starWeeks(from: today - 100, through: today, perDay: 10), at: now - 60)
        let rising = Rising(database: database, now: { self.now })
        #expect(try await rising.rank(.week).historyNote(now: now) == nil)
        // One seen only today, whose kept weeks reach back two weeks: its week is GitHub's, and
        // its month is nobody's.
        var new = repository(5, "e")
        new.stargazersCount = 900
        try await database.observe([new], for: .owner, at: now - 60)
        try await database.saveRecentStarWeeks(
            of: new, weeks: Array(starWeeks(from: today - 100, through: today, perDay: 10).prefix(2)), at: now - 60)
        let week = try await rising.rank(.week)
        #expect(week.entries.map(\.repository.name) == ["e", "d"])
        #expect(week.entries.map(\.gained) == [70, 50])
        #expect(week.entries.map(\.source) == [.gitHubHistory, .recorded])
        #expect(week.historyNote(now: now)?.contains("(1 of 2)") == true)
        let month = try await rising.rank(.month)
        #expect(month.entries.map(\.repository.name) == ["d"])
    }
}
