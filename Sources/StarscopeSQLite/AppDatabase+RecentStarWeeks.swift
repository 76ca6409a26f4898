import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

extension AppDatabase {
    public func saveRecentStarWeeks(of repository: Repository, weeks: [StarHistoryWeek], at date: Date) async throws(StoreError) {
        guard Viewer.mayShare(repository) else { return }
        let repositoryID = repository.id
        return try await write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO recentStarWeeks (repositoryID, weeks, fetchedAt) VALUES (?, ?, ?)",
                arguments: [repositoryID, RecentStarWeeks.encode(Array(weeks.prefix(30))), date.stored])
        }
    }

    public func recentStarWeeks(of repository: Repository) async throws(StoreError) -> (weeks: [StarHistoryWeek], fetchedAt: Date)? {
        guard Viewer.mayShare(repository) else { return nil }
        let repositoryID = repository.id
        return try await read { db in
            try Row.fetchOne(db, sql: "SELECT weeks, fetchedAt FROM recentStarWeeks WHERE repositoryID = ?", arguments: [repositoryID])
                .map { (weeks: RecentStarWeeks.decode($0["weeks"]), fetchedAt: $0["fetchedAt"]) }
        }
    }

    public func recentStarWeeks(since: Date) async throws(StoreError) -> [RecentStarWeeks] {
        try await read { db in
            let decoder = JSONDecoder.gitHub()
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT r.weeks AS weeks, r.fetchedAt AS fetchedAt, s.snapshot AS snapshot FROM recentStarWeeks r
                    JOIN repositorySnapshot s ON s.repositoryID = r.repositoryID WHERE r.fetchedAt >= ?
                    """, arguments: [since.stored]
            ).compactMap { row in
                let data: Data = row["snapshot"]
                guard let repository = try? decoder.decode(Repository.self, from: data), Viewer.mayShare(repository) else { return nil }
                return RecentStarWeeks(repository: repository, weeks: RecentStarWeeks.decode(row["weeks"]), fetchedAt: row["fetchedAt"])
            }
        }
    }

    public func breakingOutCandidates(seenSince: Date, staleBefore: Date, limit: Int) async throws(StoreError) -> [Repository] {
        try await read { db in
            try Data.fetchAll(
                db,
                sql: """
                    SELECT s.snapshot FROM repositorySnapshot s
                    LEFT JOIN recentStarWeeks r ON r.repositoryID = s.repositoryID
                    WHERE s.fetchedAt >= ? AND (r.fetchedAt IS NULL OR r.fetchedAt < ?)
                    ORDER BY s.fetchedAt DESC, s.repositoryID LIMIT ?
                    """, arguments: [seenSince.stored, staleBefore.stored, max(0, limit)]
            ).compactMap(RecentStarWeeks.sharedRepository)
        }
    }
}
