import Foundation
import GRDB
import StarscopeModels

/// A repository's star history as GitHub gave it (weekly buckets, newest first), and when it was
/// last asked for. Kept for public repositories only, like the rest of what accounts share.
public struct GitHubStarHistory: Sendable, Hashable {
    public var repositoryID: Int64
    public var weeks: [StarHistoryWeek]
    public var fetchedAt: Date
    /// GitHub answered 422: it has no history of this repository (asked again after a day).
    public var unavailable: Bool

    public init(repositoryID: Int64, weeks: [StarHistoryWeek], fetchedAt: Date, unavailable: Bool = false) {
        self.repositoryID = repositoryID
        self.weeks = weeks
        self.fetchedAt = fetchedAt
        self.unavailable = unavailable
    }

    /// The weeks of `refreshed` (page 1 again: the newest) over `stored`: every stored week from
    /// the oldest refreshed one on is replaced, the older ones kept. Newest first.
    public static func merge(stored: [StarHistoryWeek], refreshed: [StarHistoryWeek]) -> [StarHistoryWeek] {
        guard let oldest = refreshed.map(\.week).min() else { return stored }
        return refreshed.sorted { $0.week > $1.week } + stored.filter { $0.week < oldest }
    }

    /// Days per week as stored: "3,9,7,5,6,8,3".
    static func encode(_ days: [Int]) -> String { days.map(String.init).joined(separator: ",") }

    static func decode(_ text: String) -> [Int] { text.split(separator: ",").compactMap { Int($0) } }
}

extension AppDatabase {
    public func gitHubStarHistory(of repository: Repository) async throws(StoreError) -> GitHubStarHistory? {
        guard Viewer.mayShare(repository) else { return nil }
        let repositoryID = repository.id
        return try await read { db in try Self.gitHubStarHistory(db, repositoryID: repositoryID) }
    }

    /// The kept weeks, their columns read by position from statements compiled once per connection.
    static func gitHubStarHistory(_ db: Database, repositoryID: Int64) throws -> GitHubStarHistory? {
        guard
            let state = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT fetchedAt, unavailable FROM gitHubStarHistoryFetch WHERE repositoryID = ?"),
                arguments: [repositoryID])
        else { return nil }
        let weeks = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT week, total, days FROM gitHubStarHistoryWeek WHERE repositoryID = ? ORDER BY week DESC"),
            arguments: [repositoryID]
        ).map { row in StarHistoryWeek(week: row[0], total: row[1], days: GitHubStarHistory.decode(row[2])) }
        return GitHubStarHistory(repositoryID: repositoryID, weeks: weeks, fetchedAt: state[0], unavailable: state[1])
    }

    public func saveGitHubStarHistory(_ history: GitHubStarHistory, of repository: Repository) async throws(StoreError) {
        guard Viewer.mayShare(repository) else { return }
        try await write { db in
            try db.execute(sql: "DELETE FROM gitHubStarHistoryWeek WHERE repositoryID = ?", arguments: [history.repositoryID])
            let insert = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO gitHubStarHistoryWeek (repositoryID, week, total, days) VALUES (?, ?, ?, ?)")
            for week in history.weeks {
                try insert.execute(arguments: [history.repositoryID, week.week, week.total, GitHubStarHistory.encode(week.days)])
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO gitHubStarHistoryFetch (repositoryID, fetchedAt, unavailable) VALUES (?, ?, ?)",
                arguments: [history.repositoryID, history.fetchedAt.stored, history.unavailable])
        }
    }
}
