import Foundation

/// "just now", "5 minutes ago", "3 days ago", "2 years ago".
public enum RelativeTime {
    public static func describe(_ date: Date, now: Date) -> String {
        // Any moment, even one no calendar has (NaN, 10³⁰⁰ s), is held to ±10¹⁵ s first.
        let interval = now.timeIntervalSince(date)
        let seconds = Int(interval.isNaN ? 0 : min(max(interval, -1e15), 1e15))
        if seconds < 0 { return "in the future" }
        let units: [(Int, String)] = [
            (31_536_000, "year"), (2_592_000, "month"), (604_800, "week"), (86_400, "day"), (3_600, "hour"), (60, "minute"),
        ]
        for (size, name) in units where seconds >= size {
            let count = seconds / size
            return "\(count) \(name)\(count == 1 ? "" : "s") ago"
        }
        return "just now"
    }

    /// `2026-11-22` in UTC, for absolute dates beside relative ones.
    public static func day(_ date: Date) -> String {
        let parts = Calendar.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
