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
    /// Records what GitHub just said about `repositories`: a star sample for each whose count
    /// changed since the last sample, and fresh snapshots for favourites among them.
    public func observe(_ repositories: [Repository], at date: Date = Date()) async throws(StoreError) {
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
            for repository in repositories {
                let last = try Int.fetchOne(lastStars, arguments: [repository.id])
                guard last != repository.stargazersCount else { continue }
                try insertSample.execute(arguments: [repository.id, repository.fullName, recordedAt, repository.stargazersCount])
            }
            try self.refreshFavoriteSnapshots(repositories, at: date, in: db)
            for repository in repositories {
                try insertSnapshot.execute(
                    arguments: [repository.id, repository.fullName, Data(repository.jsonObject.bytes), recordedAt])
            }
        }
    }

    /// The latest copy of a repository seen in any list or detail (or kept as a favourite), and when it was fetched.
    public func snapshot(fullName: String) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)? {
        let row = try await read { db -> (Data, Date)? in
            if let row = try Row.fetchOne(
                db,
                sql: "SELECT snapshot, fetchedAt FROM repositorySnapshot WHERE fullName = ? COLLATE NOCASE ORDER BY fetchedAt DESC LIMIT 1",
                arguments: [fullName])
            {
                return (row["snapshot"], row["fetchedAt"])
            }
            if let row = try Row.fetchOne(
                db, sql: "SELECT snapshot, updatedAt FROM favorite WHERE fullName = ? COLLATE NOCASE", arguments: [fullName])
            {
                return (row["snapshot"], row["updatedAt"])
            }
            return nil
        }
        guard let (data, date) = row, let repository = try? JSONDecoder.gitHub().decode(Repository.self, from: data) else { return nil }
        return (repository, date)
    }

    /// Every sample of one repository, oldest first.
    public func starHistory(repositoryID: Int64) async throws(StoreError) -> [StarSample] {
        try await read { db in
            try StarSample.filter(Column("repositoryID") == repositoryID).order(Column("recordedAt")).fetchAll(db)
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
