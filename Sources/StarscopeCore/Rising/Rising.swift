import Foundation
import StarscopeModels
import StarscopeStore

/// Rising: repositories ranked by the stars they gained over the last day, week or month, from
/// the star counts Starscope recorded itself (GitHub has no such ranking).
public struct Rising: Sendable {
    public struct Entry: Sendable, Hashable {
        public var repository: Repository
        public var gained: Int
        /// The span the recorded history actually covers for this repository.
        public var from: Date
        public var to: Date
    }

    public struct Result: Sendable, Hashable {
        public var timeframe: Timeframe
        public var entries: [Entry]
        /// When Starscope's oldest star record is; nil when it has none.
        public var historyStart: Date?
        /// True when the history does not reach back over the whole timeframe.
        public var historyIsShort: Bool
        public var windowStart: Date
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
        let entries =
            gains
            .filter { $0.to > $0.from }
            .sorted { ($0.gained, $0.stars, -$0.repositoryID) > ($1.gained, $1.stars, -$1.repositoryID) }
            .prefix(limit)
            .map { Entry(repository: $0.repository, gained: $0.gained, from: $0.from, to: $0.to) }
        return Result(
            timeframe: timeframe,
            entries: Array(entries),
            historyStart: historyStart,
            historyIsShort: historyStart.map { $0 > start } ?? true,
            windowStart: start
        )
    }
}

extension Rising.Result {
    /// One sentence on how much history there is, when it does not cover the timeframe.
    public func historyNote(now: Date) -> String? {
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
