import Foundation

/// Counts from outside Starscope (stars, forks, issues, watchers, followers, sizes, rate-limit
/// figures, page numbers) as Starscope keeps them: whole numbers from 0 to `maximum`.
///
/// GitHub and imported files can say anything: `-1`, `9223372036854775807`, `1e30`. A count is
/// never negative, and a trillion is far above any real one, yet small enough that sums of a
/// million counts, ten times a count and the difference of two counts never overflow, so the
/// arithmetic after the edge cannot trap whatever came in.
public enum Count {
    /// The largest count kept: 10¹².
    public static let maximum = 1_000_000_000_000

    /// The latest moment a header may name (9999-12-31T23:59:59Z), as seconds since 1970.
    public static let latestEpochSecond: Int64 = 253_402_300_799

    /// `value` held to `0...maximum`.
    public static func clamped(_ value: Int) -> Int {
        min(max(value, 0), maximum)
    }

    /// `value` held to `0...maximum`; NaN is 0.
    public static func clamped(_ value: Double) -> Int {
        guard value.isFinite else { return value == .infinity ? maximum : 0 }
        if value <= 0 { return 0 }
        if value >= Double(maximum) { return maximum }
        return Int(value.rounded(.down))
    }

    /// A header's count (`x-ratelimit-limit`, `retry-after`): an optional sign and decimal
    /// digits between optional spaces, read in one pass and held to `0...maximum` however many
    /// digits there are; nil when it is not a number.
    public static func parse(_ text: some StringProtocol) -> Int? {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var bytes = Substring(text).utf8.drop(while: isSpace)
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            if value <= maximum { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
        }
        return negative ? 0 : min(value, maximum)
    }

    /// A moment a header gives as seconds since 1970 (`x-ratelimit-reset`), held between 1970
    /// and the year 9999 so that any later arithmetic on it stays in range.
    public static func epochDate(_ text: some StringProtocol) -> Date? {
        parseSeconds(text).map(epochDate(seconds:))
    }

    /// `seconds` since 1970 held between 1970 and the year 9999.
    public static func epochDate(seconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(min(max(seconds, 0), latestEpochSecond)))
    }

    /// `date` held between 1970 and the year 9999.
    public static func epochDate(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return Date(timeIntervalSince1970: 0) }
        return Date(timeIntervalSince1970: min(max(seconds, 0), TimeInterval(latestEpochSecond)))
    }

    private static func parseSeconds(_ text: some StringProtocol) -> Int64? {
        // A negative moment is 1970; past 10¹² seconds, any reading is beyond the year 9999.
        parse(text).map { Int64($0) }
    }
}

extension KeyedDecodingContainer {
    /// A count read as what it is, a number, held to `0...Count.maximum`: beyond `Int`'s range
    /// (`1e30`) or with a fraction it is read as a `Double` and held all the same; nil when absent
    /// or `null`.
    public func decodeCount(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let whole = try? decode(Int.self, forKey: key) { return Count.clamped(whole) }
        return Count.clamped(try decode(Double.self, forKey: key))
    }
}
