import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

/// Dates as the store writes them: GRDB's own text format, `yyyy-MM-dd HH:mm:ss.SSS` in UTC,
/// so that rows written by GRDB's formatter and by this compare and sort alike.
///
/// GRDB writes that text with a `DateFormatter`, which on Linux brings in ICU: a load of
/// locale data, and a slow format for every row. This writes the same text with
/// integer arithmetic, to the nearest millisecond as `DateFormatter` does.
/// GRDB still reads the dates back.
enum StoredDate {
    static func text(_ date: Date) -> String {
        // The same arithmetic as Foundation's formatter: from the reference date, to the nearest
        // millisecond, halves up.
        let milliseconds = Int64(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000 + 0.5).rounded(.down))
        let civil = CivilDate(millisecondsSince1970: milliseconds)
        return CivilDate.pad(civil.year, 4) + "-" + CivilDate.pad(civil.month, 2) + "-" + CivilDate.pad(civil.day, 2) + " "
            + CivilDate.pad(civil.hour, 2) + ":" + CivilDate.pad(civil.minute, 2) + ":" + CivilDate.pad(civil.second, 2) + "."
            + CivilDate.pad(civil.millisecond, 3)
    }

    /// What records give GRDB for their `Date` columns.
    static let encodingStrategy = DatabaseDateEncodingStrategy.custom { text($0) }
}

extension Date {
    /// This date as a statement argument, in the store's text format (see `StoredDate`).
    var stored: String { StoredDate.text(self) }
}
