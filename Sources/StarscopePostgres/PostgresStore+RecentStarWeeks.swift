import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

extension PostgresStore {
    public func saveRecentStarWeeks(of repository: Repository, weeks: [StarHistoryWeek], at date: Date) async throws(StoreError) {
        guard Viewer.mayShare(repository) else { return }
        let repositoryID = repository.id
        let text = RecentStarWeeks.encode(Array(weeks.prefix(30)))
        try await execute(
            """
            INSERT INTO recentStarWeeks (repositoryID, weeks, fetchedAt) VALUES (\(repositoryID), \(text), \(date.milliseconds))
            ON CONFLICT (repositoryID) DO UPDATE SET weeks = excluded.weeks, fetchedAt = excluded.fetchedAt
            """)
    }

    public func recentStarWeeks(of repository: Repository) async throws(StoreError) -> (weeks: [StarHistoryWeek], fetchedAt: Date)? {
        guard Viewer.mayShare(repository) else { return nil }
        let repositoryID = repository.id
        guard let row = try await rows("SELECT weeks, fetchedAt FROM recentStarWeeks WHERE repositoryID = \(repositoryID)").first else {
            return nil
        }
        let (weeks, fetchedAt) = try Self.decode(row, (String, Date).self)
        return (RecentStarWeeks.decode(weeks), fetchedAt)
    }

    public func recentStarWeeks(since: Date) async throws(StoreError) -> [RecentStarWeeks] {
        let rows = try await rows(
            """
            SELECT r.weeks, r.fetchedAt, s.snapshot FROM recentStarWeeks r
            JOIN repositorySnapshot s ON s.repositoryID = r.repositoryID WHERE r.fetchedAt >= \(since.milliseconds)
            """)
        let decoder = JSONDecoder.gitHub()
        var found: [RecentStarWeeks] = []
        for row in rows {
            let (weeks, fetchedAt, snapshot) = try Self.decode(row, (String, Date, Data).self)
            guard let repository = try? decoder.decode(Repository.self, from: snapshot), Viewer.mayShare(repository) else { continue }
            found.append(RecentStarWeeks(repository: repository, weeks: RecentStarWeeks.decode(weeks), fetchedAt: fetchedAt))
        }
        return found
    }

    public func breakingOutCandidates(seenSince: Date, staleBefore: Date, limit: Int) async throws(StoreError) -> [Repository] {
        let rows = try await rows(
            """
            SELECT s.snapshot FROM repositorySnapshot s
            LEFT JOIN recentStarWeeks r ON r.repositoryID = s.repositoryID
            WHERE s.fetchedAt >= \(seenSince.milliseconds) AND (r.fetchedAt IS NULL OR r.fetchedAt < \(staleBefore.milliseconds))
            ORDER BY s.fetchedAt DESC, s.repositoryID LIMIT \(max(0, limit))
            """
        )
        var found: [Repository] = []
        for row in rows {
            if let repository = RecentStarWeeks.sharedRepository(try Self.decode(row, Data.self)) { found.append(repository) }
        }
        return found
    }
}
