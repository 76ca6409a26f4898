import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// "Breaking out": repositories of any age whose last seven days brought far more stars than
/// their own usual week, from GitHub's star history (page 1: the newest 30 weeks), among the
/// public repositories Starscope has seen in a list or a detail (favourites included) this week.
public struct BreakingOut: Sendable {
    /// The rule, as the page and the terminal state it.
    public static let minimumStars = 50
    public static let factor = 3
    public static let priorWeeks = 12
    public static let rule =
        "Breaking out: at least \(minimumStars) stars in the last 7 days, and at least \(factor) times the median of the "
        + "\(priorWeeks) weeks before; only repositories older than those 13 weeks, grouped by size so big ones do not drown the rest."

    /// Size groups, by stars now.
    public enum Size: String, CaseIterable, Sendable {
        case small, medium, large

        public init(stars: Int) {
            self = stars < 1_000 ? .small : stars < 10_000 ? .medium : .large
        }

        public var title: String {
            switch self {
            case .small: "Under 1,000 stars"
            case .medium: "1,000 to 10,000 stars"
            case .large: "Over 10,000 stars"
            }
        }
    }

    public struct Entry: Sendable, Hashable {
        public var repository: Repository
        /// Stars of the last 7 days.
        public var lastWeek: Int
        /// The median of the 12 weeks before.
        public var usualWeek: Int
    }

    public let database: any Store
    public let now: @Sendable () -> Date

    public init(database: any Store, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    /// The last 7 days and the median of the 12 weeks before, from a curve ending today; nil for a
    /// curve that does not cover those 13 weeks.
    public static func weeks(_ curve: StarCurve, today: Int64) -> (last: Int, usual: Int)? {
        let total = { (day: Int64) in curve.total(atEndOf: day) }
        let span = Int64(7 * (priorWeeks + 1))
        guard let first = curve.days.first, first.day <= today - span + 1 else { return nil }
        let last = total(today) - total(today - 7)
        let prior = (1...priorWeeks).map { week in total(today - Int64(7 * week)) - total(today - Int64(7 * (week + 1))) }.sorted()
        let usual = (prior[prior.count / 2 - 1] + prior[prior.count / 2]) / 2
        return (last, usual)
    }

    /// Whether a week is far above its usual weeks.
    public static func isBreakingOut(lastWeek: Int, usualWeek: Int) -> Bool {
        let (threshold, overflow) = usualWeek.multipliedReportingOverflow(by: factor)
        return lastWeek >= minimumStars && !overflow && lastWeek >= threshold
    }

    /// How many repositories' newest weeks were kept in the last 8 days: the candidates ranked.
    public func candidateCount() async -> Int {
        (try? await database.recentStarWeeks(since: now().addingTimeInterval(-8 * 86_400)).count) ?? 0
    }

    /// The repositories breaking out now, by size group, the biggest jump first in each.
    public func rank() async throws(StarscopeError) -> [(size: Size, entries: [Entry])] {
        let time = now()
        let today = CivilDate.dayNumber(of: time)
        let kept: [RecentStarWeeks]
        do {
            kept = try await database.recentStarWeeks(since: time.addingTimeInterval(-8 * 86_400))
        } catch {
            throw StarscopeError(error)
        }
        var entries: [Entry] = []
        for item in kept {
            let created = CivilDate.dayNumber(of: item.repository.createdAt)
            guard created <= today - Int64(7 * (Self.priorWeeks + 1)) else { continue }
            let curve = StarCurve(weeks: item.weeks, firstDay: max(created, today - 30 * 7 + 1), today: today)
            guard let (last, usual) = Self.weeks(curve, today: today), Self.isBreakingOut(lastWeek: last, usualWeek: usual) else {
                continue
            }
            entries.append(Entry(repository: item.repository, lastWeek: last, usualWeek: usual))
        }
        let ordered = entries.sorted {
            (Double($0.lastWeek) / Double(max(1, $0.usualWeek)), $0.lastWeek) > (
                Double($1.lastWeek) / Double(max(1, $1.usualWeek)), $1.lastWeek
            )
        }
        return Size.allCases.map { size in (size, ordered.filter { Size(stars: $0.repository.stargazersCount) == size }) }
    }

    /// Asks GitHub for the newest weeks of up to `limit` candidates not asked today (one request
    /// each, conditional through the cache); returns how many answered.
    @discardableResult
    public static func refresh(reading: ReadContext, limit: Int) async -> Int {
        guard limit > 0, let database = reading.database else { return 0 }
        let time = reading.now()
        guard
            let candidates = try? await database.breakingOutCandidates(
                seenSince: time.addingTimeInterval(-7 * 86_400), staleBefore: time.addingTimeInterval(-86_400), limit: limit)
        else { return 0 }
        var answered = 0
        for candidate in candidates {
            guard let name = try? RepositoryName(parsing: candidate.fullName) else { continue }
            do {
                let page = try await reading.client.starHistoryPage(owner: name.owner, name: name.name)
                try? await database.saveRecentStarWeeks(of: candidate, weeks: page.items, at: time)
                answered += 1
            } catch .validationFailed, .notFound {
                // No history (or no longer there): not asked again today.
                try? await database.saveRecentStarWeeks(of: candidate, weeks: [], at: time)
            } catch {
                if case .rateLimited = error { break }
                if case .secondaryRateLimit = error { break }
            }
        }
        return answered
    }
}
