/// The Gregorian calendar date and time of day of an instant, in UTC, by integer arithmetic
/// (Howard Hinnant's `civil_from_days`): the same answer as `Calendar`, without its cost, for
/// the formats Starscope writes in bulk.
public struct CivilDate: Hashable, Sendable {
    public var year: Int64
    public var month: Int64
    public var day: Int64
    public var hour: Int64
    public var minute: Int64
    public var second: Int64
    public var millisecond: Int64

    /// The date and time of `milliseconds` since 1970-01-01T00:00:00Z.
    public init(millisecondsSince1970 milliseconds: Int64) {
        let (days, millisecondOfDay) = Self.floorDivide(milliseconds, by: 86_400_000)
        let shifted = days + 719_468
        let era = Self.floorDivide(shifted, by: 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let seconds = millisecondOfDay / 1000
        hour = seconds / 3600
        minute = seconds / 60 % 60
        second = seconds % 60
        millisecond = millisecondOfDay % 1000
    }

    public static func floorDivide(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// `value` in decimal, zero-padded to `width` digits.
    public static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// `2011-01-26T19:01:12Z`, as GitHub writes dates (seconds, no fraction).
    public var iso8601: String {
        guard hasFourDigitYear else { return paddedISO8601 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendISO8601(to: &bytes, time: true)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `2011-01-26`: the date of `iso8601`.
    public var isoDay: String {
        guard hasFourDigitYear else { return String(paddedISO8601.prefix(10)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        appendISO8601(to: &bytes, time: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A year `appendISO8601` can write: 0 to 9999.
    public var hasFourDigitYear: Bool { (0...9999).contains(year) }

    /// Appends `2011-01-26T19:01:12Z` (`2011-01-26` without `time`) digit by digit: a page or a
    /// list writes hundreds of these, and strings padded piece by piece cost far more.
    /// Only for `hasFourDigitYear`; other years are written as `iso8601` pads them.
    public func appendISO8601(to bytes: inout [UInt8], time: Bool) {
        func digits(_ number: Int64, _ count: Int) {
            var divisor: Int64 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: number / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4)
        bytes.append(UInt8(ascii: "-"))
        digits(month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(day, 2)
        guard time else { return }
        bytes.append(UInt8(ascii: "T"))
        digits(hour, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(minute, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(second, 2)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `iso8601` for any year, each part padded to its width (a year past 9999 in full, one
    /// before 0 with its sign).
    var paddedISO8601: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) + "T" + Self.pad(hour, 2) + ":" + Self.pad(minute, 2)
            + ":" + Self.pad(second, 2) + "Z"
    }
}
