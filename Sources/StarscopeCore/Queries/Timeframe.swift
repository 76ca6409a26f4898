import Foundation

/// How far back "New & popular" looks: repositories created in the last day, week or month.
public enum Timeframe: String, CaseIterable, Sendable, Codable {
    case day, week, month

    /// The last excluded day, `YYYY-MM-DD` in UTC: the `DATE` of `created:>DATE`.
    public func cutoffDate(now: Date) -> String {
        let calendar = Calendar.utc
        let today = calendar.startOfDay(for: now)
        let cutoff: Date? =
            switch self {
            case .day: calendar.date(byAdding: .day, value: -1, to: today)
            case .week: calendar.date(byAdding: .day, value: -7, to: today)
            case .month: calendar.date(byAdding: .month, value: -1, to: today)
            }
        let parts = calendar.dateComponents([.year, .month, .day], from: cutoff ?? today)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// A title for buttons: "Today", "This week", "This month".
    public var title: String {
        switch self {
        case .day: "Today"
        case .week: "This week"
        case .month: "This month"
        }
    }

    /// A label for people: "today", "this week", "this month".
    public var label: String {
        switch self {
        case .day: "today"
        case .week: "this week"
        case .month: "this month"
        }
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC, the calendar GitHub's search dates use.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
