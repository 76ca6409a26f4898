import Foundation

/// "just now", "5 minutes ago", "3 days ago", "2 years ago".
public enum RelativeTime {
    public static func describe(_ date: Date, now: Date) -> String {
        switch bucket(date, now: now) {
        case .future: "in the future"
        case .justNow: "just now"
        case .ago(let count, let unit): "\(count) \(units[unit].name)\(count == 1 ? "" : "s") ago"
        }
    }

    /// What `describe` says, as a number: the same for two moments exactly when `describe` says
    /// the same of them, so a page can be keyed by its ages without writing them out.
    public static func key(_ date: Date, now: Date) -> Int {
        switch bucket(date, now: now) {
        case .future: -1
        case .justNow: 0
        case .ago(let count, let unit): (unit + 1) << 56 | count
        }
    }

    private enum Bucket {
        case future, justNow
        /// `count` of `units[unit]` (at most 10¹⁵ s a minute: below 2⁵⁶).
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
    public static func day(_ date: Date) -> String {
        let parts = Calendar.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
