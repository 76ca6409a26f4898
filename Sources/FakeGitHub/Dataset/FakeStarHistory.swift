import Foundation
import StarscopeModels

/// A repository's star history as GitHub's `stargazers/history` gives it: every seeded star is
/// given on some day between the repository's creation and today (more in its first weeks, some
/// noise every day), so the days add up to its seeded count; stars gained or lost while the fake
/// runs land on today, as new stars (and unstars of recent ones) do.
enum FakeStarHistory {
    /// The repositories GitHub has no history for (it answers 422): one in 97.
    static func isUnavailable(_ id: Int64) -> Bool { id % 97 == 13 }

    /// Stars given each day from the day `created` falls on through `now`'s day, oldest first.
    static func days(id: Int64, seededStars: Int, currentStars: Int, created: Date, now: Date) -> (firstDay: Int64, counts: [Int]) {
        let firstDay = CivilDate.dayNumber(of: created)
        let today = max(firstDay, CivilDate.dayNumber(of: now))
        let count = Int(today - firstDay) + 1
        // GitHub counts stars that exist: none below zero, and the fake's hostile counts (±2⁶³)
        // held to a trillion so the arithmetic below cannot trap.
        let seeded = min(max(0, seededStars), 1_000_000_000_000)
        let current = min(max(0, currentStars), 1_000_000_000_000)
        var counts = distribute(seeded, over: count, id: id)
        var change = current - seeded
        // Gained: today. Lost: the most recent stars go first, as unstars lower their own week.
        if change > 0 { counts[count - 1] += change }
        var position = count - 1
        while change < 0, position >= 0 {
            let taken = min(counts[position], -change)
            counts[position] -= taken
            change += taken
            position -= 1
        }
        return (firstDay, counts)
    }

    /// The weekly buckets, newest week first, each Sunday to Saturday (days before creation and
    /// after today count 0).
    static func weeks(firstDay: Int64, counts: [Int]) -> [StarHistoryWeek] {
        guard counts.contains(where: { $0 > 0 }) else { return [] }
        let lastDay = firstDay + Int64(counts.count) - 1
        var weeks: [StarHistoryWeek] = []
        var sunday = StarHistoryWeek.sunday(onOrBefore: firstDay)
        while sunday <= lastDay {
            let days = (0..<7).map { offset -> Int in
                let position = sunday + Int64(offset) - firstDay
                return position >= 0 && position < Int64(counts.count) ? counts[Int(position)] : 0
            }
            weeks.append(StarHistoryWeek(week: sunday * 86_400, total: days.reduce(0, +), days: days))
            sunday += 7
        }
        return weeks.reversed()
    }

    /// `stars` spread over `days` days by weight (a launch that fades, with daily noise), exactly:
    /// the largest remainders get the stars rounding left over.
    static func distribute(_ stars: Int, over days: Int, id: Int64) -> [Int] {
        guard days > 0 else { return [] }
        var random = SeededRandom(seed: UInt64(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15 &+ 17)
        let weights = (0..<days).map { day in (1 + 8 * exp(-Double(day) / 21)) * (0.5 + random.unit()) }
        let sum = weights.reduce(0, +)
        let exact = weights.map { Double(stars) * $0 / sum }
        var counts = exact.map { Int($0.rounded(.down)) }
        let left = stars - counts.reduce(0, +)
        let order = exact.indices.sorted { (exact[$0] - Double(counts[$0]), $1) > (exact[$1] - Double(counts[$1]), $0) }
        for position in order.prefix(left) { counts[position] += 1 }
        return counts
    }
}
