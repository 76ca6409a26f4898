import Foundation
import GRDB
import StarscopeModels

/// The newest weeks of a public repository's star history as GitHub gave them (page 1 of
/// `stargazers/history`: 30 weeks), kept to find repositories breaking out of their usual pace.
public struct RecentStarWeeks: Sendable, Hashable {
    /// The repository as last seen in a list or detail (its shared snapshot).
    public var repository: Repository
    /// Newest first.
    public var weeks: [StarHistoryWeek]
    public var fetchedAt: Date

    public init(repository: Repository, weeks: [StarHistoryWeek], fetchedAt: Date) {
        self.repository = repository
        self.weeks = weeks
        self.fetchedAt = fetchedAt
    }

    /// "week|total|d,d,d,d,d,d,d" a week, weeks joined by ";".
    static func encode(_ weeks: [StarHistoryWeek]) -> String {
        weeks.map { "\($0.week)|\($0.total)|\(GitHubStarHistory.encode($0.days))" }.joined(separator: ";")
    }

    /// A shared snapshot, when it may still be shared.
    static func sharedRepository(_ snapshot: Data) -> Repository? {
        guard
            let repository = GitHubJSONReading.decode(Repository.self, from: snapshot)
                ?? (try? JSONDecoder.gitHub().decode(Repository.self, from: snapshot)), Viewer.mayShare(repository)
        else { return nil }
        return repository
    }

    static func decode(_ text: String) -> [StarHistoryWeek] {
        text.split(separator: ";").compactMap { part in
            let fields = part.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 3, let week = Int64(fields[0]), let total = Int(fields[1]) else { return nil }
            return StarHistoryWeek(week: week, total: total, days: GitHubStarHistory.decode(String(fields[2])))
        }
    }
}

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
