import Foundation
import StarscopeModels
import Testing

@testable import StarscopeCore
@testable import StarscopeWeb

/// Numbers that agree or say why not: the count beside the name and the star history's total.
@Suite struct HistoryCountsNoteTests {
    static func section(countNow: Int, partial: Bool = false) throws -> StarHistorySection {
        let sunday: Int64 = 20_000 * 86_400  // the week's first day as the curve reads it
        let today: Int64 = 20_010
        let curve = StarCurve(
            weeks: [StarHistoryWeek(week: sunday, total: 40_000, days: [10_000, 30_000, 0, 0, 0, 0, 0])], firstDay: 20_000, today: today)
        var repository = PageViewTests.repository("a/b", stars: countNow)
        repository.stargazersCount = countNow
        let history = StarHistory(
            repository: repository, curve: curve, unavailable: false, fetchedAt: nil, requests: 0, partial: partial)
        let name = try RepositoryName(parsing: "a/b")
        let now = Date(timeIntervalSince1970: TimeInterval(today * 86_400))
        return StarHistorySection(
            name: name, gitHub: .success(history), observed: StarHistoryChart(counts: [], now: now), samples: [], now: now)
    }

    @Test func aDifferenceIsExplainedAndAgreementSaysNothing() throws {
        let differing = try Self.section(countNow: 40_007).view().markup
        #expect(differing.contains("GitHub counts 40,007 stars now; its history lists 40,000 of them"))
        #expect(!(try Self.section(countNow: 40_000).view().markup.contains("counts-note")))
        // A partial history says so itself.
        #expect(!(try Self.section(countNow: 40_007, partial: true).view().markup.contains("counts-note")))
    }
}
