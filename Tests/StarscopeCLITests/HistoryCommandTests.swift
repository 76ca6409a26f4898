import FakeGitHub
import Foundation
import Testing

/// `history` and `compare`, run as the built binary against the fake GitHub.
@Suite struct HistoryCommandTests {
    @Test func historyPrintsEachDayAndItsRunningTotal() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repository = try #require(
                fake.dataset.repositories.first { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 100 && $0.stars < 5_000 })
            let result = try await CLI.run(["history", repository.fullName, "--json"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            let days = try jsonArray(result.stdout)
            #expect(!days.isEmpty)
            var sum = 0
            for day in days {
                let stars = try #require(day["stars"] as? Int)
                sum += stars
                #expect(day["total"] as? Int == sum, "each total is the sum of the days so far")
                #expect((day["date"] as? String)?.count == 10)
            }
            #expect(sum == repository.stars)
            #expect(days.compactMap { $0["date"] as? String } == days.compactMap { $0["date"] as? String }.sorted())
            let weeks = try jsonArray(try await CLI.run(["history", repository.fullName, "--weeks", "--json"], api: url).stdout)
            #expect(weeks.compactMap { $0["stars"] as? Int }.reduce(0, +) == repository.stars)
            #expect(weeks.last?["total"] as? Int == repository.stars)
            let table = try await CLI.run(["history", repository.fullName], api: url)
            #expect(table.status == 0 && table.stdout.contains("Peak day:"))
            #expect(try await CLI.run(["history", repository.fullName, "--days", "--weeks"], api: url).status == 2)
            let none = try #require(fake.dataset.repositories.first { FakeGitHub.hasNoStarHistory($0.id) })
            let refused = try await CLI.run(["history", none.fullName], api: url)
            #expect(refused.status == 1)
            #expect(refused.stderrLines == ["starscope: GitHub has no star history for \(none.fullName)."])
        }
    }

    @Test func compareTakesTwoToTenRepositories() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let names = fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) }.prefix(2).map(\.fullName)
            let result = try await CLI.run(["compare"] + names + ["--json"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            let entries = try jsonArray(result.stdout)
            #expect(entries.compactMap { $0["full_name"] as? String } == names)
            #expect(try await CLI.run(["compare", names[0]], api: url).status == 2)
            #expect(try await CLI.run(["compare"] + Array(repeating: names[0], count: 11), api: url).status == 2)
        }
    }
}
