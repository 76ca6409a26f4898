import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

extension StarSample: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "starSample"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }
}

extension AppDatabase {
    /// Records what GitHub just said about `repositories`, read for `viewer`: for one that may be
    /// shared (`Viewer.mayShare`), a star sample when its count changed, the shared snapshot and
    /// the snapshots of every account's favourite; for any other only the favourite of the account
    /// whose token read it, since no one else may read it. A favourite imported under the same name with another id (a copy
    /// from a file) is replaced by GitHub's answer.
    public func observe(_ repositories: [Repository], for viewer: Viewer, at date: Date) async throws(StoreError) {
        let account = viewer.tokenHolder
        guard !repositories.isEmpty else { return }
        // Statements are compiled once for the whole page, not once per row.
        try await write { db in
            let lastStars = try db.cachedStatement(
                sql: "SELECT stars FROM starSample WHERE repositoryID = ? ORDER BY recordedAt DESC LIMIT 1")
            let insertSample = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO starSample (repositoryID, fullName, recordedAt, stars) VALUES (?, ?, ?, ?)")
            let insertSnapshot = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO repositorySnapshot (repositoryID, fullName, snapshot, fetchedAt) VALUES (?, ?, ?, ?)")
            let recordedAt = date.stored
            let shared = repositories.filter(Viewer.mayShare)
            for repository in shared {
                let last = try Int.fetchOne(lastStars, arguments: [repository.id])
                guard last != repository.stargazersCount else { continue }
                try insertSample.execute(arguments: [repository.id, repository.fullName, recordedAt, repository.stargazersCount])
            }
            try self.refreshFavoriteSnapshots(repositories, account: account, at: date, in: db)
            for repository in shared {
                try insertSnapshot.execute(
                    arguments: [repository.id, repository.fullName, Data(repository.jsonBytes), recordedAt])
            }
        }
    }

    /// The latest copy of a repository GitHub gave in any list or detail (public ones only), or
    /// else `viewer`'s own favourite, and when it was fetched. Another account's favourite never
    /// stands in: it may be a private repository, or a copy imported from a file.
    public func snapshot(fullName: String, for viewer: Viewer) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)? {
        let account = viewer.partition
        let row = try await read { db -> (Data, Date)? in
            if let row = try Row.fetchOne(
                db,
                sql: "SELECT snapshot, fetchedAt FROM repositorySnapshot WHERE fullName = ? COLLATE NOCASE ORDER BY fetchedAt DESC LIMIT 1",
                arguments: [fullName])
            {
                return (row["snapshot"], row["fetchedAt"])
            }
            if let account,
                let row = try Row.fetchOne(
                    db, sql: "SELECT snapshot, updatedAt FROM favorite WHERE account = ? AND fullName = ? COLLATE NOCASE",
                    arguments: [account, fullName])
            {
                return (row["snapshot"], row["updatedAt"])
            }
            return nil
        }
        guard let (data, date) = row,
            let repository = try? GitHubJSON.decode(Repository.self, from: data)
        else { return nil }
        return (repository, date)
    }

    /// Every sample of one repository, oldest first.
    public func starHistory(repositoryID: Int64) async throws(StoreError) -> [StarSample] {
        // A statement compiled once per connection, its columns read by position (a detail asks
        // on every view: building the query and decoding each row through `Codable` would be most of it).
        try await read { db in try Self.starHistory(db, repositoryID: repositoryID) }
    }

    static func starHistory(_ db: Database, repositoryID: Int64) throws -> [StarSample] {
        let statement = try db.cachedStatement(
            sql: "SELECT repositoryID, fullName, recordedAt, stars FROM starSample WHERE repositoryID = ? ORDER BY recordedAt")
        return try Row.fetchAll(statement, arguments: [repositoryID]).map { row in
            StarSample(repositoryID: row[0], fullName: row[1], recordedAt: row[2], stars: row[3])
        }
    }

    /// Both in one read (each read is a transaction begun and ended and a hop to the pool's
    /// thread), kept a moment like the other small answers every view asks for (`RecentReads`).
    public func keptStarHistory(of repository: Repository) async throws(StoreError) -> KeptStarHistory {
        let repositoryID = repository.id
        let gitHub = Viewer.mayShare(repository)
        return try await recentReads.value("keptStarHistory \(repositoryID) \(gitHub)") { () async throws(StoreError) in
            try await read { db in
                KeptStarHistory(
                    samples: try Self.starHistory(db, repositoryID: repositoryID),
                    gitHub: gitHub ? try Self.gitHubStarWeeks(db, repositoryID: repositoryID) : nil)
            }
        }
    }

    /// The samples of several repositories at once (for sparklines), oldest first, by repository.
    public func starHistories(repositoryIDs: [Int64]) async throws(StoreError) -> [Int64: [StarSample]] {
        guard !repositoryIDs.isEmpty else { return [:] }
        return try await read { db in
            let samples = try StarSample.filter(repositoryIDs.contains(Column("repositoryID"))).order(Column("recordedAt")).fetchAll(db)
            return Dictionary(grouping: samples, by: \.repositoryID)
        }
    }

    /// Records one star count as seen at `date` (for imports and tests of history).
    public func observeSample(repositoryID: Int64, fullName: String, stars: Int, at date: Date) async throws(StoreError) {
        try await write { db in
            try StarSample(repositoryID: repositoryID, fullName: fullName, recordedAt: date, stars: stars).insert(db, onConflict: .replace)
        }
    }
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
