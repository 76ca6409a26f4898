import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

extension AppDatabase {
    public func gitHubStarWeeks(of repository: Repository) async throws(StoreError) -> GitHubStarWeeks? {
        guard Viewer.mayShare(repository) else { return nil }
        let repositoryID = repository.id
        return try await read { db in try Self.gitHubStarWeeks(db, repositoryID: repositoryID) }
    }

    /// The kept weeks, their columns read by position from statements compiled once per connection.
    static func gitHubStarWeeks(_ db: Database, repositoryID: Int64) throws -> GitHubStarWeeks? {
        guard
            let state = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT fetchedAt, unavailable FROM gitHubStarHistoryFetch WHERE repositoryID = ?"),
                arguments: [repositoryID])
        else { return nil }
        let weeks = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT week, total, days FROM gitHubStarHistoryWeek WHERE repositoryID = ? ORDER BY week DESC"),
            arguments: [repositoryID]
        ).map { row in StarHistoryWeek(week: row[0], total: row[1], days: GitHubStarWeeks.decode(row[2])) }
        return GitHubStarWeeks(repositoryID: repositoryID, weeks: weeks, fetchedAt: state[0], unavailable: state[1])
    }

    public func saveGitHubStarWeeks(_ history: GitHubStarWeeks, of repository: Repository) async throws(StoreError) {
        guard Viewer.mayShare(repository) else { return }
        try await write { db in
            try db.execute(sql: "DELETE FROM gitHubStarHistoryWeek WHERE repositoryID = ?", arguments: [history.repositoryID])
            let insert = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO gitHubStarHistoryWeek (repositoryID, week, total, days) VALUES (?, ?, ?, ?)")
            for week in history.weeks {
                try insert.execute(arguments: [history.repositoryID, week.week, week.total, GitHubStarWeeks.encode(week.days)])
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO gitHubStarHistoryFetch (repositoryID, fetchedAt, unavailable) VALUES (?, ?, ?)",
                arguments: [history.repositoryID, history.fetchedAt.stored, history.unavailable])
        }
    }
}
