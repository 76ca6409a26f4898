import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

extension PostgresStore {
    public func gitHubStarWeeks(of repository: Repository) async throws(StoreError) -> GitHubStarWeeks? {
        guard Viewer.mayShare(repository) else { return nil }
        let repositoryID = repository.id
        let states = try await rows("SELECT fetchedAt, unavailable FROM gitHubStarHistoryFetch WHERE repositoryID = \(repositoryID)")
        guard let state = states.first else { return nil }
        let (fetchedAt, unavailable) = try Self.decode(state, (Date, Bool).self)
        let weeks = try await rows(
            "SELECT week, total, days FROM gitHubStarHistoryWeek WHERE repositoryID = \(repositoryID) ORDER BY week DESC"
        ).map { row throws(StoreError) in
            let (week, total, days) = try Self.decode(row, (Int64, Int, String).self)
            return StarHistoryWeek(week: week, total: total, days: GitHubStarWeeks.decode(days))
        }
        return GitHubStarWeeks(repositoryID: repositoryID, weeks: weeks, fetchedAt: fetchedAt, unavailable: unavailable)
    }

    public func saveGitHubStarWeeks(_ history: GitHubStarWeeks, of repository: Repository) async throws(StoreError) {
        guard Viewer.mayShare(repository) else { return }
        let id = history.repositoryID
        try await transaction { connection in
            _ = try await connection.all("DELETE FROM gitHubStarHistoryWeek WHERE repositoryID = \(id)")
            for week in history.weeks {
                _ = try await connection.all(
                    """
                    INSERT INTO gitHubStarHistoryWeek (repositoryID, week, total, days)
                    VALUES (\(id), \(week.week), \(week.total), \(GitHubStarWeeks.encode(week.days)))
                    ON CONFLICT (repositoryID, week) DO UPDATE SET total = excluded.total, days = excluded.days
                    """)
            }
            _ = try await connection.all(
                """
                INSERT INTO gitHubStarHistoryFetch (repositoryID, fetchedAt, unavailable)
                VALUES (\(id), \(history.fetchedAt.milliseconds), \(history.unavailable))
                ON CONFLICT (repositoryID) DO UPDATE SET fetchedAt = excluded.fetchedAt, unavailable = excluded.unavailable
                """)
        }
    }
}
