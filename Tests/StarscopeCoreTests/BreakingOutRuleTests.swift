import Foundation
import StarscopeModels
import Testing

@testable import StarscopeCore

/// The breaking-out rule on its edges: at least 50 stars in the last 7 days, at least 3 times
/// the median of the 12 weeks before, and only with those 13 weeks covered.
@Suite struct BreakingOutRuleTests {
    @Test func theThresholdsAreInclusive() {
        #expect(BreakingOut.isBreakingOut(lastWeek: 50, usualWeek: 0))
        #expect(!BreakingOut.isBreakingOut(lastWeek: 49, usualWeek: 0))
        #expect(BreakingOut.isBreakingOut(lastWeek: 300, usualWeek: 100))
        #expect(!BreakingOut.isBreakingOut(lastWeek: 299, usualWeek: 100))
        #expect(!BreakingOut.isBreakingOut(lastWeek: Int.max, usualWeek: Int.max), "no overflow, and never above itself ×3")
        #expect(BreakingOut.isBreakingOut(lastWeek: 60, usualWeek: -5), "a count GitHub cannot send still decides nothing odd")
    }

    /// A curve of `perDay` stars a day for `days` days ending today, with `jump` more today.
    static func curve(perDay: Int, days: Int, jump: Int = 0, today: Int64 = 20_394) -> StarCurve {
        var weeks: [Int64: [Int]] = [:]
        for offset in 0..<days {
            let day = today - Int64(offset)
            let sunday = StarHistoryWeek.sunday(onOrBefore: day)
            weeks[sunday, default: Array(repeating: 0, count: 7)][Int(day - sunday)] += perDay + (offset == 0 ? jump : 0)
        }
        let buckets = weeks.map { StarHistoryWeek(week: $0.key * 86_400, total: $0.value.reduce(0, +), days: $0.value) }
        return StarCurve(weeks: buckets, firstDay: today - Int64(days) + 1, today: today)
    }

    @Test func aSteadyRepositoryIsNotBreakingOutAndAJumpIs() throws {
        let today: Int64 = 20_394
        let steady = try #require(BreakingOut.weeks(Self.curve(perDay: 200, days: 200, today: today), today: today))
        #expect(steady.last == 1_400 && steady.usual == 1_400)
        #expect(!BreakingOut.isBreakingOut(lastWeek: steady.last, usualWeek: steady.usual))
        let jumped = try #require(BreakingOut.weeks(Self.curve(perDay: 2, days: 200, jump: 100, today: today), today: today))
        #expect(jumped.last == 114 && jumped.usual == 14)
        #expect(BreakingOut.isBreakingOut(lastWeek: jumped.last, usualWeek: jumped.usual))
        // Younger than 13 weeks: not judged (New & popular is for those).
        #expect(BreakingOut.weeks(Self.curve(perDay: 2, days: 90, jump: 100, today: today), today: today) == nil)
        #expect(BreakingOut.weeks(Self.curve(perDay: 2, days: 91, jump: 100, today: today), today: today) != nil)
    }

    @Test func sizesSplitAtOneAndTenThousand() {
        #expect(BreakingOut.Size(stars: 999) == .small)
        #expect(BreakingOut.Size(stars: 1_000) == .medium)
        #expect(BreakingOut.Size(stars: 9_999) == .medium)
        #expect(BreakingOut.Size(stars: 10_000) == .large)
    }

    /// The unusual-day update from GitHub's own days: yesterday, whole, against the 7 days before.
    @Test func anUnusualDayComesFromGitHubsDays() throws {
        let today: Int64 = 20_394
        let noon = Date(timeIntervalSince1970: Double(today) * 86_400 + 43_200)
        func curve(usual: Int, yesterday: Int) -> StarCurve {
            let days = (0..<30).map { offset -> (Int64, Int) in (today - Int64(offset), offset == 1 ? yesterday : usual) }
            var weeks: [Int64: [Int]] = [:]
            for (day, stars) in days {
                let sunday = StarHistoryWeek.sunday(onOrBefore: day)
                weeks[sunday, default: Array(repeating: 0, count: 7)][Int(day - sunday)] += stars
            }
            return StarCurve(
                weeks: weeks.map { StarHistoryWeek(week: $0.key * 86_400, total: $0.value.reduce(0, +), days: $0.value) },
                firstDay: today - 29, today: today)
        }
        let found = try #require(UpdateRules.unusualDay(curve(usual: 2, yesterday: 40), at: noon))
        #expect(found.stars == 40 && found.day == "2025-11-01")
        #expect(UpdateRules.unusualDay(curve(usual: 2, yesterday: 24), at: noon) == nil, "under 25")
        #expect(UpdateRules.unusualDay(curve(usual: 12, yesterday: 35), at: noon) == nil, "under 3 times its usual 12")
        #expect(UpdateRules.unusualDay(curve(usual: 12, yesterday: 36), at: noon)?.stars == 36)
    }
}
