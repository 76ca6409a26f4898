import Foundation
import GRDB

/// Dates as the store writes them: GRDB's own text format, `yyyy-MM-dd HH:mm:ss.SSS` in UTC,
/// so that rows written before and after compare and sort alike.
///
/// GRDB writes that text with a `DateFormatter`, which on Linux brings in ICU: megabytes of
/// locale data and a few milliseconds for every hundred rows. This writes the same text with
/// integer arithmetic, to the nearest millisecond as `DateFormatter` does.
/// GRDB still reads the dates back.
enum StoredDate {
    static func text(_ date: Date) -> String {
        // The same arithmetic as Foundation's formatter: from the reference date, to the nearest
        // millisecond, halves up.
        let milliseconds = Int64(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down))
        let (days, millisecondOfDay) = floorDivide(milliseconds, by: 86_400_000)
        let (year, month, day) = civil(daysSince1970: days)
        let seconds = millisecondOfDay / 1000
        var text = pad(year, 4)
        text += "-" + pad(month, 2) + "-" + pad(day, 2)
        text += " " + pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
        text += "." + pad(millisecondOfDay % 1000, 3)
        return text
    }

    /// The Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, by: 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ value: Int64, by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// What records give GRDB for their `Date` columns.
    static let encodingStrategy = DatabaseDateEncodingStrategy.custom { text($0) }
}

extension Date {
    /// This date as a statement argument, in the store's text format (see `StoredDate`).
    var stored: String { StoredDate.text(self) }
}
