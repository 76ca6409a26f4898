import Foundation
import GRDB
import StarscopeModels

/// One recorded star count.
public struct StarSample: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

    public init(repositoryID: Int64, fullName: String, recordedAt: Date, stars: Int) {
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.recordedAt = recordedAt
        self.stars = stars
    }

    public static let databaseTableName = "starSample"

    public var repositoryID: Int64
    public var fullName: String
    public var recordedAt: Date
    public var stars: Int
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
            let repository = GitHubJSONReading.decode(Repository.self, from: data)
                ?? (try? JSONDecoder.gitHub().decode(Repository.self, from: data))
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
    public func starRecords(of repository: Repository) async throws(StoreError) -> StarRecords {
        let repositoryID = repository.id
        let gitHub = Viewer.mayShare(repository)
        return try await recentReads.value("starRecords \(repositoryID) \(gitHub)") { () async throws(StoreError) in
            try await read { db in
                StarRecords(
                    samples: try Self.starHistory(db, repositoryID: repositoryID),
                    gitHub: gitHub ? try Self.gitHubStarHistory(db, repositoryID: repositoryID) : nil)
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
