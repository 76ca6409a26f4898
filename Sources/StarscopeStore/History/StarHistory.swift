import Foundation
import GRDB
import StarscopeModels

/// One recorded star count.
public struct StarSample: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
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
        try await write { db in
            for repository in repositories {
                let last = try Int.fetchOne(
                    db, sql: "SELECT stars FROM starSample WHERE repositoryID = ? ORDER BY recordedAt DESC LIMIT 1",
                    arguments: [repository.id])
                guard last != repository.stargazersCount else { continue }
                try StarSample(
                    repositoryID: repository.id, fullName: repository.fullName, recordedAt: date, stars: repository.stargazersCount
                )
                .insert(db, onConflict: .replace)
            }
            try self.refreshFavoriteSnapshots(repositories, at: date, in: db)
        }
    }

    /// Every sample of one repository, oldest first.
    public func starHistory(repositoryID: Int64) async throws(StoreError) -> [StarSample] {
        try await read { db in
            try StarSample.filter(Column("repositoryID") == repositoryID).order(Column("recordedAt")).fetchAll(db)
        }
    }
}
