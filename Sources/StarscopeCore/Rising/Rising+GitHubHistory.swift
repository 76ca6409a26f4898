import Foundation
import StarscopeModels
import StarscopeStore

extension Rising {
    /// Kept newest weeks younger than this are read (`BreakingOut.refresh` asks again daily).
    static let historyKeptFor: TimeInterval = 8 * 86_400
    /// Own records starting this soon after the window's start cover it.
    static let coverageSlack: TimeInterval = 3_600

    /// The stars given over `timeframe`'s days up to when `item` was fetched (today's so far
    /// included), from GitHub's daily counts; nil when the weeks kept do not reach back so far.
    static func gain(of item: RecentStarWeeks, over timeframe: Timeframe) -> Entry? {
        guard !item.weeks.isEmpty else { return nil }
        let end = item.fetchedAt
        let days = Int64(max(1, (end.timeIntervalSince(windowStart(timeframe, now: end)) / 86_400).rounded()))
        let today = CivilDate.dayNumber(of: end)
        let created = CivilDate.dayNumber(of: item.repository.createdAt)
        let oldestWeek = item.weeks.map(\.firstDay).min() ?? today
        // Before the oldest week kept GitHub's counts are unknown, unless the repository is younger.
        guard created >= oldestWeek || oldestWeek <= today - days + 1 else { return nil }
        let curve = StarCurve(weeks: item.weeks, firstDay: max(created, oldestWeek), today: today)
        let (gained, overflow) = curve.total(atEndOf: today).subtractingReportingOverflow(curve.total(atEndOf: today - days))
        guard !overflow else { return nil }
        let from = max(item.repository.createdAt, end.addingTimeInterval(-TimeInterval(days) * 86_400))
        return Entry(repository: item.repository, gained: gained, from: min(from, end), to: end, source: .gitHubHistory)
    }
}
