import Foundation
import GRDB
import StarscopeModels

/// A repository's star gain over recorded history.
public struct StarGain: Sendable, Hashable {
    public var repositoryID: Int64
    public var repository: Repository
    public var gained: Int
    public var stars: Int
    /// The baseline sample's time and the latest sample's time.
    public var from: Date
    public var to: Date
}

extension AppDatabase {
    /// For every repository with samples: the latest count against the last count at or before
    /// `since` (or, when history starts later, the first count after it).
    public func starGains(since: Date) async throws(StoreError) -> [StarGain] {
        try await read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    WITH latest AS (
                        SELECT repositoryID, MAX(recordedAt) AS at FROM starSample GROUP BY repositoryID
                    ), before AS (
                        SELECT repositoryID, MAX(recordedAt) AS at FROM starSample WHERE recordedAt <= ? GROUP BY repositoryID
                    ), after AS (
                        SELECT repositoryID, MIN(recordedAt) AS at FROM starSample WHERE recordedAt > ? GROUP BY repositoryID
                    )
                    SELECT latest.repositoryID AS id,
                           l.stars AS latestStars, l.recordedAt AS latestAt,
                           b.stars AS baseStars, b.recordedAt AS baseAt,
                           s.snapshot AS snapshot
                    FROM latest
                    JOIN starSample l ON l.repositoryID = latest.repositoryID AND l.recordedAt = latest.at
                    LEFT JOIN before ON before.repositoryID = latest.repositoryID
                    LEFT JOIN after ON after.repositoryID = latest.repositoryID
                    JOIN starSample b ON b.repositoryID = latest.repositoryID AND b.recordedAt = COALESCE(before.at, after.at)
                    JOIN repositorySnapshot s ON s.repositoryID = latest.repositoryID
                    """,
                arguments: [since.stored, since.stored])
            let decoder = JSONDecoder.gitHub()
            return rows.compactMap { row -> StarGain? in
                let data: Data = row["snapshot"]
                guard var repository = try? decoder.decode(Repository.self, from: data) else { return nil }
                // Held to `0...Count.maximum` even when an older version stored more, so the gain cannot overflow.
                let latest = Count.clamped(row["latestStars"] as Int)
                let base = Count.clamped(row["baseStars"] as Int)
                repository.stargazersCount = latest
                return StarGain(
                    repositoryID: row["id"], repository: repository, gained: latest - base, stars: latest, from: row["baseAt"],
                    to: row["latestAt"])
            }
        }
    }

    /// The time of the oldest star sample, if any.
    public func oldestStarSample() async throws(StoreError) -> Date? {
        try await read { db in try Date.fetchOne(db, sql: "SELECT MIN(recordedAt) FROM starSample") }
    }

    /// Records samples as given (for importing history and for tests).
    public func record(_ samples: [StarSample]) async throws(StoreError) {
        try await write { db in
            for sample in samples { try sample.insert(db, onConflict: .replace) }
        }
    }
}
