import Foundation
import GRDB
import StarscopeModels

extension AppDatabase {
    /// Adds a favourite, or refreshes its snapshot if it is one already.
    @discardableResult
    public func addFavorite(_ repository: Repository, at date: Date = Date()) async throws(StoreError) -> Bool {
        try await write { db in
            if var existing = try FavoriteRecord.fetchOne(db, key: repository.id) {
                existing = try FavoriteRecord(repository: repository, addedAt: existing.addedAt, updatedAt: date)
                try existing.update(db)
                return false
            }
            // A renamed repository keeps its id; a name reused by another id replaces the old entry.
            try db.execute(sql: "DELETE FROM favorite WHERE fullName = ? COLLATE NOCASE", arguments: [repository.fullName])
            try FavoriteRecord(repository: repository, addedAt: date, updatedAt: date).insert(db)
            return true
        }
    }

    /// Removes the favourite called `fullName` (any case); false when there was none.
    @discardableResult
    public func removeFavorite(fullName: String) async throws(StoreError) -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM favorite WHERE fullName = ? COLLATE NOCASE", arguments: [fullName])
            return db.changesCount > 0
        }
    }

    /// Every favourite, most recently added first.
    public func favorites() async throws(StoreError) -> [Favorite] {
        try await read { db in
            try FavoriteRecord.order(Column("addedAt").desc, Column("fullName")).fetchAll(db).map { try $0.favorite() }
        }
    }

    public func favorite(fullName: String) async throws(StoreError) -> Favorite? {
        try await read { db in
            try FavoriteRecord.filter(sql: "fullName = ? COLLATE NOCASE", arguments: [fullName]).fetchOne(db)?.favorite()
        }
    }

    /// The ids of every favourite, to mark them in lists.
    public func favoriteIDs() async throws(StoreError) -> Set<Int64> {
        try await read { db in Set(try Int64.fetchAll(db, sql: "SELECT repositoryID FROM favorite")) }
    }

    /// Refreshes the snapshots of those `repositories` that are favourites (after any fetch).
    func refreshFavoriteSnapshots(_ repositories: [Repository], at date: Date, in db: Database) throws {
        let ids = Set(try Int64.fetchAll(db, sql: "SELECT repositoryID FROM favorite"))
        for repository in repositories where ids.contains(repository.id) {
            guard let existing = try FavoriteRecord.fetchOne(db, key: repository.id) else { continue }
            try FavoriteRecord(repository: repository, addedAt: existing.addedAt, updatedAt: date).update(db)
        }
    }
}
