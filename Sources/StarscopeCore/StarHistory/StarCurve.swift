import Foundation
import StarscopeModels
import StarscopeStore

/// A repository's stars day by day, from GitHub's weekly buckets: what was given each day (stars
/// that still exist) and the running total, from its first day through today.
public struct StarCurve: Sendable, Hashable {
    /// One day (or one week, in `weekly`).
    public struct Point: Sendable, Hashable {
        /// Days since 1970-01-01 (UTC) of the day, or of the week's Sunday.
        public var day: Int64
        public var stars: Int
        public var total: Int

        public init(day: Int64, stars: Int, total: Int) {
            self.day = day
            self.stars = stars
            self.total = total
        }

        /// `YYYY-MM-DD`.
        public var date: String { CivilDate(millisecondsSince1970: day * 86_400_000).isoDay }
        public var start: Date { Date(timeIntervalSince1970: TimeInterval(day) * 86_400) }
    }

    /// Oldest first.
    public var days: [Point]

    /// The most days a curve covers (thirty years).
    public static let longestSpan: Int64 = 30 * 366

    /// The curve from buckets (any order), from `firstDay` (the repository's creation; the first
    /// bucket's Sunday when later) through `today`. Counts GitHub could not have (negative) are read as 0.
    public init(weeks: [StarHistoryWeek], firstDay: Int64?, today: Int64) {
        var given: [Int64: Int] = [:]
        for week in weeks {
            for (offset, count) in week.days.prefix(7).enumerated() where count > 0 {
                given[week.firstDay + Int64(offset), default: 0] += count
            }
        }
        let earliestGiven = given.keys.min()
        // GitHub is younger than thirty years: days an upstream claims before that (or after
        // today) are not drawn, so no answer can make the curve longer than that.
        let start = max(today - Self.longestSpan, [firstDay, earliestGiven].compactMap { $0 }.min() ?? today)
        var days: [Point] = []
        var total = 0
        if start <= today {
            days.reserveCapacity(Int(today - start) + 1)
            for day in start...today {
                let stars = given[day] ?? 0
                total = total.addingReportingOverflow(stars).overflow ? Int.max : total + stars
                days.append(Point(day: day, stars: stars, total: total))
            }
        }
        self.days = days
    }

    /// The last cumulative count: the stars GitHub counts now.
    public var total: Int { days.last?.total ?? 0 }

    /// The same curve a week at a time (each week's Sunday, its stars, the total at its end).
    public var weekly: [Point] {
        var weeks: [Point] = []
        for point in days {
            let sunday = StarHistoryWeek.sunday(onOrBefore: point.day)
            if weeks.last?.day == sunday {
                weeks[weeks.count - 1].stars += point.stars
                weeks[weeks.count - 1].total = point.total
            } else {
                weeks.append(Point(day: sunday, stars: point.stars, total: point.total))
            }
        }
        return weeks
    }

    /// The day with the most stars (the earliest of equals); nil without any star.
    public var peakDay: Point? {
        days.filter { $0.stars > 0 }.max { ($0.stars, -$0.day) < ($1.stars, -$1.day) }
    }

    /// The seven consecutive days with the most stars: their first day and their stars.
    /// Stars of the curve's last 7 days (today's so far included).
    public var lastWeek: Int {
        guard let last = days.last else { return 0 }
        let (difference, overflow) = last.total.subtractingReportingOverflow(total(atEndOf: last.day - 7))
        return overflow ? 0 : max(0, difference)
    }

    public var bestWeek: (start: Int64, stars: Int)? {
        guard days.contains(where: { $0.stars > 0 }) else { return nil }
        var best: (start: Int64, stars: Int) = (days[0].day, 0)
        var sum = 0
        for (index, point) in days.enumerated() {
            sum += point.stars
            if index >= 7 { sum -= days[index - 7].stars }
            let start = days[max(0, index - 6)].day
            if sum > best.stars { best = (start, sum) }
        }
        return best
    }

    /// The total at the end of `day` (0 before the curve starts, the last total after it ends).
    public func total(atEndOf day: Int64) -> Int {
        guard let first = days.first, day >= first.day else { return 0 }
        let index = Int(min(day - first.day, Int64(days.count - 1)))
        return days[index].total
    }

    /// Stars withdrawn since Starscope's own observations: the most by which a count Starscope
    /// saw exceeds what GitHub's buckets count for that day now (GitHub counts only stars that
    /// remain). Nil without observations; 0 when none exceeds.
    public func withdrawn(since samples: [StarSample]) -> Int? {
        guard !samples.isEmpty, !days.isEmpty else { return nil }
        return samples.map { sample in
            let day = CivilDate.dayNumber(of: sample.recordedAt)
            let (difference, overflow) = sample.stars.subtractingReportingOverflow(total(atEndOf: day))
            return overflow ? 0 : max(0, difference)
        }.max()
    }
}
