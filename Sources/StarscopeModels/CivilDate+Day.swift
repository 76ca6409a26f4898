import Foundation

extension CivilDate {
    /// The number of `date`'s day (UTC) since 1970-01-01, day 0: how star histories, Rising and
    /// Updates count days.
    public static func dayNumber(of date: Date) -> Int64 {
        floorDivide(Int64(date.timeIntervalSince1970.rounded(.down)), by: 86_400).quotient
    }
}
