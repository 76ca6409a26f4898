import Foundation
import Synchronization

/// How far back "New & popular" looks: repositories created in the last day, week or month.
public enum Timeframe: String, CaseIterable, Sendable, Codable {
    case day, week, month

    /// The last excluded day, `YYYY-MM-DD` in UTC: the `DATE` of `created:>DATE`. Worked out once
    /// a day per timeframe (each list page asks, and the calendar's arithmetic was 3 % of a
    /// cached page's work): a UTC day is 86,400 seconds, so the day number says when it changes.
    public func cutoffDate(now: Date) -> String {
        let day = (now.timeIntervalSince1970 / 86_400).rounded(.down)
        guard day.isFinite, abs(day) < 1e9 else { return workedOutCutoffDate(now: now) }
        let number = Int(day)
        if let kept = Self.kept.withLock({ $0[self] }), kept.day == number { return kept.text }
        let text = workedOutCutoffDate(now: now)
        Self.kept.withLock { $0[self] = (number, text) }
        return text
    }

    private static let kept = Mutex<[Timeframe: (day: Int, text: String)]>([:])

    /// `cutoffDate` from the calendar, every time.
    func workedOutCutoffDate(now: Date) -> String {
        let calendar = Calendar.utc
        let today = calendar.startOfDay(for: now)
        let cutoff: Date? =
            switch self {
            case .day: calendar.date(byAdding: .day, value: -1, to: today)
            case .week: calendar.date(byAdding: .day, value: -7, to: today)
            case .month: calendar.date(byAdding: .month, value: -1, to: today)
            }
        let parts = calendar.dateComponents([.year, .month, .day], from: cutoff ?? today)
        // Padded by hand: `String(format:)` goes through CoreFoundation on every trending page.
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(parts.year ?? 1970, 4) + "-" + padded(parts.month ?? 1, 2) + "-" + padded(parts.day ?? 1, 2)
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
