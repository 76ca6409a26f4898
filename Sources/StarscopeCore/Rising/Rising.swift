import Foundation
import StarscopeModels
import StarscopeStore

/// Rising: repositories ranked by the stars they gained over the last day, week or month (GitHub
/// has no such ranking), from the star counts Starscope recorded itself; where those do not yet
/// cover the timeframe, from GitHub's star history of the repositories it saw this week.
public struct Rising: Sendable {
    /// Where a gain was counted.
    public enum Source: String, Sendable, Hashable {
        /// Starscope's own records of the star count (stars given less stars withdrawn).
        case recorded = "starscope"
        /// GitHub's star history: stars given each day (`BreakingOut.refresh` keeps its newest weeks).
        case gitHubHistory = "github"
    }

    public struct Entry: Sendable, Hashable {
        public var repository: Repository
        public var gained: Int
        /// The span the gain covers for this repository.
        public var from: Date
        public var to: Date
        public var source: Source = .recorded
    }

    public struct Result: Sendable, Hashable {
        public var timeframe: Timeframe
        public var entries: [Entry]
        /// When Starscope's oldest star record is; nil when it has none.
        public var historyStart: Date?
        /// True when the history does not reach back over the whole timeframe.
        public var historyIsShort: Bool
        public var windowStart: Date

        /// How many entries come from GitHub's star history.
        public var fromGitHub: Int { entries.filter { $0.source == .gitHubHistory }.count }
    }

    public let database: any Store
    public let now: @Sendable () -> Date

    public init(database: any Store, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    /// The window a timeframe means, ending now.
    public static func windowStart(_ timeframe: Timeframe, now: Date) -> Date {
        let calendar = Calendar.utc
        return
            switch timeframe
        {
        case .day: now.addingTimeInterval(-86_400)
        case .week: now.addingTimeInterval(-7 * 86_400)
        case .month: calendar.date(byAdding: .month, value: -1, to: now) ?? now.addingTimeInterval(-30 * 86_400)
        }
    }

    public func rank(_ timeframe: Timeframe, limit: Int = 100) async throws(StarscopeError) -> Result {
        let time = now()
        let start = Self.windowStart(timeframe, now: time)
        let gains: [StarGain]
        let historyStart: Date?
        do {
            gains = try await database.starGains(since: start)
            historyStart = try await database.oldestStarSample()
        } catch {
            throw StarscopeError(error)
        }
        var entries: [Int64: Entry] = [:]
        for gain in gains where gain.to > gain.from {
            entries[gain.repositoryID] = Entry(repository: gain.repository, gained: gain.gained, from: gain.from, to: gain.to)
        }
        // Where Starscope's own records start inside the window, GitHub's star history (when kept)
        // tells the whole window's gain, as of its daily check; a burst since, which only the own
        // records saw, keeps them.
        let kept = (try? await database.recentStarWeeks(since: time.addingTimeInterval(-Self.historyKeptFor))) ?? []
        for item in kept {
            guard let entry = Self.gain(of: item, over: timeframe), entry.gained > 0 else { continue }
            if let own = entries[item.repository.id],
                own.from <= start.addingTimeInterval(Self.coverageSlack) || own.gained >= entry.gained
            {
                continue
            }
            entries[item.repository.id] = entry
        }
        let ranked =
            entries.values
            .sorted {
                ($0.gained, $0.repository.stargazersCount, -$0.repository.id) > (
                    $1.gained, $1.repository.stargazersCount, -$1.repository.id
                )
            }
            .prefix(limit)
        return Result(
            timeframe: timeframe,
            entries: Array(ranked),
            historyStart: historyStart,
            historyIsShort: historyStart.map { $0 > start } ?? true,
            windowStart: start
        )
    }
}

extension Rising.Result {
    /// One sentence on how much history there is, when it does not cover the timeframe.
    public func historyNote(now: Date) -> String? {
        let fromGitHub = fromGitHub
        if fromGitHub > 0 {
            let which = fromGitHub == entries.count ? "These gains" : "Gains marked \"GitHub\" (\(fromGitHub) of \(entries.count))"
            let own =
                !historyIsShort
                ? "Starscope's own records of them start inside the timeframe"
                : historyStart.map { "Starscope's own records cover only the last \(Duration.describe(now.timeIntervalSince($0)))" }
                    ?? "Starscope has no records of its own yet"
            return "\(which) come from GitHub's star history (stars by the day they were given, as of its daily check) of repositories "
                + "Starscope saw this week; \(own)."
        }
        guard historyIsShort else { return nil }
        guard let historyStart else {
            return "Not enough history yet: Starscope records star counts as you browse, so Rising fills in over time."
        }
        let covered = Duration.describe(now.timeIntervalSince(historyStart))
        return "Starscope's star history covers only the last \(covered), not \(timeframe.label): gains are over that span."
    }
}

extension Duration {
    /// "3 days", "5 hours", "12 minutes".
    static func describe(_ seconds: TimeInterval) -> String {
        let units: [(TimeInterval, String)] = [(86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (size, name) in units where seconds >= size {
            let count = Int(seconds / size)
            return "\(count) \(name)\(count == 1 ? "" : "s")"
        }
        return "\(max(0, Int(seconds))) seconds"
    }
}
