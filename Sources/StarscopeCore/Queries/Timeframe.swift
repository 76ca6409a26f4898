import Foundation

/// How far back "New & popular" looks: repositories created in the last day, week or month.
/// "Today" is the last 24 hours, as GitHub's own daily trending is, not the UTC calendar day:
/// a calendar day starts empty at midnight UTC (evening in the Americas) and a list of the
/// few repositories made in its first minutes is no list of what is new.
public enum Timeframe: String, CaseIterable, Sendable, Codable {
    case day, week, month

    /// The `DATE` of `created:>DATE`, in UTC: for the day, the start of the hour 24 hours ago
    /// (`YYYY-MM-DDTHH:00:00Z`, a form GitHub's search takes), so the query and its stored
    /// answer change once an hour; for the week and month, the last excluded day (`YYYY-MM-DD`).
    public func cutoffDate(now: Date) -> String {
        let calendar = Calendar.utc
        // Padded by hand: `String(format:)` goes through CoreFoundation on every trending page.
        func padded(_ value: Int?, _ width: Int) -> String {
            let digits = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        func day(_ parts: DateComponents) -> String {
            padded(parts.year ?? 1970, 4) + "-" + padded(parts.month ?? 1, 2) + "-" + padded(parts.day ?? 1, 2)
        }
        let today = calendar.startOfDay(for: now)
        switch self {
        case .day:
            let hour = calendar.dateInterval(of: .hour, for: now)?.start ?? today
            let cutoff = calendar.date(byAdding: .day, value: -1, to: hour) ?? hour
            let parts = calendar.dateComponents([.year, .month, .day, .hour], from: cutoff)
            return day(parts) + "T" + padded(parts.hour, 2) + ":00:00Z"
        case .week:
            return day(calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: -7, to: today) ?? today))
        case .month:
            return day(
                calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .month, value: -1, to: today) ?? today))
        }
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
