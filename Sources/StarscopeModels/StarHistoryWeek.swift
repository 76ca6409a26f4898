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

    enum CodingKeys: String, CodingKey { case week, total, days }

    /// Counts are held to `0...Count.maximum` at the edge, and a week to at most 7 days, so no
    /// sum over a history can overflow; `week` must be a whole number of seconds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        week = try c.decode(Int64.self, forKey: .week)
        total = try c.decodeCount(forKey: .total) ?? 0
        var counts = try c.nestedUnkeyedContainer(forKey: .days)
        var days: [Int] = []
        while !counts.isAtEnd, days.count < 7 {
            if let whole = try? counts.decode(Int.self) {
                days.append(Count.clamped(whole))
            } else {
                days.append(Count.clamped(try counts.decode(Double.self)))
            }
        }
        self.days = days
    }

    /// Days since 1970-01-01 of the week's Sunday.
    public var firstDay: Int64 { CivilDate.floorDivide(week, by: 86_400).quotient }

    /// The Sunday on or before `day` (days since 1970-01-01, a Thursday).
    public static func sunday(onOrBefore day: Int64) -> Int64 {
        day - CivilDate.floorDivide(day + 4, by: 7).remainder
    }
}
