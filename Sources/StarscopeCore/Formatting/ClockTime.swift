import Foundation

/// A time as a person reads it on a clock: `14:05`, with the date when it is not today.
public enum ClockTime {
    public static func format(_ date: Date, timeZone: TimeZone = .current, now: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let time = calendar.dateComponents([.hour, .minute, .year, .month, .day], from: date)
        let clock = String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0)
        if calendar.isDate(date, inSameDayAs: now) { return clock }
        return String(format: "%04d-%02d-%02d ", time.year ?? 0, time.month ?? 0, time.day ?? 0) + clock
    }

    /// A time GitHub may not have given (a rate limit without `x-ratelimit-reset`): the clock
    /// time, or "an unknown time", so that "resets at …" still reads as a sentence.
    public static func format(_ date: Date?, timeZone: TimeZone = .current, now: Date = Date()) -> String {
        guard let date else { return "an unknown time" }
        return format(date, timeZone: timeZone, now: now)
    }
}
