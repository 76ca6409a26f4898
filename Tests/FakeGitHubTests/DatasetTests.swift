import Foundation
import Testing

@testable import FakeGitHub

@Suite struct DatasetTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func sameSeedSameWorld() {
        let a = FakeDataset(seed: 7, now: now)
        let b = FakeDataset(seed: 7, now: now)
        #expect(a.repositories == b.repositories)
        #expect(a.accounts == b.accounts)
        #expect(FakeDataset(seed: 8, now: now).repositories != a.repositories)
    }

    @Test func worldHasTheShapeTheBriefAsksFor() {
        let data = FakeDataset(seed: 42, now: now)
        #expect(data.repositories.count >= 3_000)
        #expect(data.accounts.count >= 200)
        #expect(data.accounts.contains { $0.isOrganization })
        #expect(Set(data.repositories.map(\.fullName)).count == data.repositories.count)
        let recent = data.repositories.filter { now.timeIntervalSince($0.createdAt) <= 76 * 86_400 }
        #expect(Double(recent.count) / Double(data.repositories.count) > 0.7)
        let forks = data.repositories.filter(\.fork).count
        #expect(forks > 0 && forks < data.repositories.count / 5)
        #expect(data.repositories.contains { $0.description == nil })
        // Long tail: the most-starred repository has far more stars than the median one.
        let stars = data.repositories.map(\.stars).sorted()
        #expect(stars[stars.count - 1] > 50 * max(1, stars[stars.count / 2]))
        for hostile in ["<script>", "onerror", "\u{202E}", "\u{0000}", "🚀"] {
            #expect(data.repositories.contains { $0.description?.contains(hostile) == true }, "no description holds \(hostile)")
        }
        #expect(data.accounts.contains { ($0.bio?.count ?? 0) > 50_000 })
        #expect(data.accounts.contains { $0.name.map { HostileStrings.all.contains($0) } == true })
        #expect(data.account(login: "swiftlang")?.isOrganization == true)
    }

    @Test func everyEventTypeAppearsForOctocat() throws {
        let data = FakeDataset(seed: 42, now: now)
        let events = data.events(for: try #require(data.account(login: "octocat")))
        #expect(Set(events.map(\.type)) == Set(FakeDataset.eventTypes))
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.createdAt >= $1.createdAt })
    }
}

@Suite struct SearchQueryTests {
    @Test func qualifiersAndTermsParse() throws {
        let query = try SearchQuery(parsing: #"vector db created:>2026-11-15 language:"Jupyter Notebook" fork:true stars:>=10"#)
        #expect(query.terms == ["vector", "db"])
        #expect(query.language == "jupyter notebook")
        #expect(query.forks == .include)
        #expect(query.starsMin == 10)
        #expect(query.createdFrom == SearchQuery.parseDay("2026-11-16"))
        #expect(query.createdBefore == nil)
    }

    @Test func dateRangesFollowWholeDays() {
        let day = SearchQuery.parseDay
        #expect(SearchQuery.dateRange(">=2026-01-01")?.0 == day("2026-01-01"))
        #expect(SearchQuery.dateRange("<2026-01-01")?.1 == day("2026-01-01"))
        #expect(SearchQuery.dateRange("<=2026-01-01")?.1 == day("2026-01-02"))
        #expect(SearchQuery.dateRange("2025-12-31..2026-01-01")?.1 == day("2026-01-02"))
        #expect(SearchQuery.dateRange("yesterday") == nil)
    }

    /// GitHub takes a moment too (`created:>2026-11-26T13:00:00Z`): its bounds move by the second.
    @Test func dateRangesTakeMoments() throws {
        let day = try #require(SearchQuery.parseDay("2026-11-26"))
        let one = day + 13 * 3_600
        #expect(SearchQuery.dateRange(">2026-11-26T13:00:00Z")?.0 == one + 1)
        #expect(SearchQuery.dateRange(">=2026-11-26T13:00:00Z")?.0 == one)
        #expect(SearchQuery.dateRange("<2026-11-26T13:00:00Z")?.1 == one)
        #expect(SearchQuery.dateRange("<=2026-11-26T13:00:00Z")?.1 == one + 1)
        #expect(SearchQuery.dateRange(">=2026-11-26T15:00:00+02:00")?.0 == one)
        #expect(SearchQuery.dateRange(">=2026-11-26T08:30:00-04:30")?.0 == one)
        #expect(SearchQuery.dateRange(">=2026-11-26T13:00Z")?.0 == one)
        #expect(SearchQuery.dateRange("2026-11-26T13:00:00Z..*")?.0 == one)
        for bad in [">2026-11-26T25:00:00Z", ">2026-11-26T13:61:00Z", ">2026-11-26T", ">2026-11-26T13:00:00+99:00", ">2026-11-26Tnoon"] {
            #expect(SearchQuery.dateRange(bad) == nil, "\(bad)")
        }
        let query = try SearchQuery(parsing: "created:>2026-11-26T13:00:00Z")
        #expect(query.createdFrom == one + 1)
    }
}

@Suite struct DriftTests {
    @Test func driftRaisesPopularNewRepositoriesOverTime() async throws {
        var configuration = FakeGitHub.Configuration()
        configuration.accountCount = 30
        configuration.repositoryCount = 300
        configuration.driftInterval = 0.2
        let fake = FakeGitHub(configuration)
        let before = await fake.repositories()
        let server = Task { try await fake.run { _ in } }
        defer { server.cancel() }
        var after = before
        for _ in 0..<50 where after == before {
            try await Task.sleep(for: .milliseconds(200))
            after = await fake.repositories()
        }
        let gains = zip(before, after).map { $1.stars - $0.stars }
        #expect(gains.allSatisfy { $0 >= 0 })
        #expect(gains.reduce(0, +) > 0)
    }
}
