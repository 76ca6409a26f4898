import Foundation
import Testing

@testable import StarscopeCore

@Suite struct TimeframeTests {
    static func date(_ text: String) -> Date {
        (try? Date.ISO8601FormatStyle().parse(text)) ?? Date.distantPast
    }

    @Test(arguments: [
        // now (UTC), day, week, month
        ("2026-11-22T10:00:00Z", "2026-11-21T10:00:00Z", "2026-11-15", "2026-10-22"),
        ("2026-11-22T10:59:59Z", "2026-11-21T10:00:00Z", "2026-11-15", "2026-10-22"),
        ("2026-03-01T00:00:00Z", "2026-02-28T00:00:00Z", "2026-02-22", "2026-02-01"),
        ("2026-03-01T00:17:00Z", "2026-02-28T00:00:00Z", "2026-02-22", "2026-02-01"),
        ("2026-03-31T23:59:59Z", "2026-03-30T23:00:00Z", "2026-03-24", "2026-02-28"),
        ("2024-03-01T12:00:00Z", "2024-02-29T12:00:00Z", "2024-02-23", "2024-02-01"),
        ("2027-01-03T08:00:00Z", "2027-01-02T08:00:00Z", "2026-12-27", "2026-12-03"),
        ("2027-01-01T00:00:00Z", "2026-12-31T00:00:00Z", "2026-12-25", "2026-12-01"),
    ])
    func cutoffsCrossMonthAndYearBoundariesInUTC(now: String, day: String, week: String, month: String) {
        let date = Self.date(now)
        #expect(Timeframe.day.cutoffDate(now: date) == day)
        #expect(Timeframe.week.cutoffDate(now: date) == week)
        #expect(Timeframe.month.cutoffDate(now: date) == month)
    }

    @Test func cutoffIgnoresTheLocalTimeZone() {
        // 23:30 UTC is already the next day in Tokyo; GitHub's dates are UTC, so is the cutoff.
        #expect(Timeframe.week.cutoffDate(now: Self.date("2026-11-22T23:30:00Z")) == "2026-11-15")
    }
}

@Suite struct TrendingQueryTests {
    let now = TimeframeTests.date("2026-11-22T10:00:00Z")

    @Test func queryJoinsTextDateAndLanguage() throws {
        #expect(try TrendingQuery(timeframe: .week).searchQuery(now: now) == "created:>2026-11-15")
        #expect(
            try TrendingQuery(timeframe: .day, language: "Swift").searchQuery(now: now) == "created:>2026-11-21T10:00:00Z language:Swift")
        #expect(
            try TrendingQuery(timeframe: .month, language: "Jupyter Notebook", text: "  vector   db ").searchQuery(now: now)
                == #"vector db created:>2026-10-22 language:"Jupyter Notebook""#
        )
        #expect(try TrendingQuery(timeframe: .week, language: " ", text: "").searchQuery(now: now) == "created:>2026-11-15")
    }

    @Test func overlongQueriesAreRefusedBeforeAskingGitHub() {
        #expect(throws: StarscopeError.self) { try TrendingQuery(text: String(repeating: "a", count: 300)).searchQuery(now: now) }
    }

    @Test(arguments: [(1, 1), (30, 30), (99, 99), (100, 100), (250, 100), (300, 100), (1_000, 100)])
    func pageSizeIsTheLimitUpToOneHundred(limit: Int, expected: Int) {
        #expect(pageSize(forLimit: limit) == expected)
    }
}
