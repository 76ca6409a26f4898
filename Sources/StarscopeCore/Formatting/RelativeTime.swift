import Foundation
import StarscopeModels

/// "just now", "5 minutes ago", "3 days ago", "2 years ago".
public enum RelativeTime {
    public static func describe(_ date: Date, now: Date) -> String {
        switch bucket(date, now: now) {
        case .future: "in the future"
        case .justNow: "just now"
        case .ago(let count, let unit): "\(count) \(units[unit].name)\(count == 1 ? "" : "s") ago"
        }
    }

    private enum Bucket {
        case future, justNow
        /// `count` of `units[unit]`.
        case ago(count: Int, unit: Int)
    }

    private static let units: [(size: Int, name: String)] = [
        (31_536_000, "year"), (2_592_000, "month"), (604_800, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute"),
    ]

    private static func bucket(_ date: Date, now: Date) -> Bucket {
        // Any moment, even one no calendar has (NaN, 10³⁰⁰ s), is held to ±10¹⁵ s first.
        let interval = now.timeIntervalSince(date)
        let seconds = Int(interval.isNaN ? 0 : min(max(interval, -1e15), 1e15))
        if seconds < 0 { return .future }
        for (index, unit) in units.enumerated() where seconds >= unit.size {
            return .ago(count: seconds / unit.size, unit: index)
        }
        return .justNow
    }

    /// `2026-11-22` in UTC, for absolute dates beside relative ones.
    ///
    /// By integer arithmetic (`CivilDate`) between 1600 and 9999, where it and the calendar agree
    /// (the calendar counts days before 1582 as Julian ones); by the calendar outside. A page
    /// writes several of these, and the calendar and `String(format:)` cost far more for each.
    public static func day(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        if seconds >= civilRange.lowerBound, seconds < civilRange.upperBound {
            return CivilDate(millisecondsSince1970: Int64(seconds.rounded(.down)) * 1000).isoDay
        }
        return calendarDay(date)
    }

    /// 1600-01-01T00:00:00Z up to 10000-01-01T00:00:00Z, in seconds since 1970.
    static let civilRange = -11_676_096_000.0..<253_402_300_800.0

    /// `day` from the calendar, every time.
    static func calendarDay(_ date: Date) -> String {
        let parts = Calendar.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
