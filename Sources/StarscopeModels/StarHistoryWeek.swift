import Foundation

/// One week of a repository's star history as GitHub counts it
/// (`GET /repos/O/N/stargazers/history`, API version 2026-03-10): the stars given that week that
/// still exist, in all and per day, Sunday to Saturday.
public struct StarHistoryWeek: Codable, Hashable, Sendable {
    /// The Unix time of the week's Sunday, 00:00 UTC.
    public var week: Int64
    /// Stars given that week (the sum of `days`).
    public var total: Int
    /// Stars given each day, Sunday first.
    public var days: [Int]

    public init(week: Int64, total: Int, days: [Int]) {
        self.week = week
        self.total = total
        self.days = days
    }

    /// Days since 1970-01-01 of the week's Sunday.
    public var firstDay: Int64 { CivilDate.floorDivide(week, by: 86_400).quotient }

    /// The Sunday on or before `day` (days since 1970-01-01, a Thursday).
    public static func sunday(onOrBefore day: Int64) -> Int64 {
        day - CivilDate.floorDivide(day + 4, by: 7).remainder
    }
}
