import Foundation
import GRDB
import StarscopeModels

/// Favourites are kept per account: "" is the one user of a server without accounts, and the
/// terminal's; with `serve --accounts`, each login has its own.
extension AppDatabase {
    /// Adds a favourite, or refreshes its snapshot if it is one already.
    @discardableResult
    public func addFavorite(_ repository: Repository, account: String = "", at date: Date = Date()) async throws(StoreError) -> Bool {
        try await write { db in
            let key = FavoriteRecord.key(account: account, repositoryID: repository.id)
            if let existing = try FavoriteRecord.fetchOne(db, key: key) {
                try FavoriteRecord(repository: repository, account: account, addedAt: existing.addedAt, updatedAt: date).update(db)
                return false
            }
            // A renamed repository keeps its id; a name reused by another id replaces the old entry.
            try db.execute(
                sql: "DELETE FROM favorite WHERE account = ? AND fullName = ? COLLATE NOCASE", arguments: [account, repository.fullName])
            try FavoriteRecord(repository: repository, account: account, addedAt: date, updatedAt: date).insert(db)
            return true
        }
    }

    /// Removes the favourite called `fullName` (any case); false when there was none.
    @discardableResult
    public func removeFavorite(fullName: String, account: String = "") async throws(StoreError) -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM favorite WHERE account = ? AND fullName = ? COLLATE NOCASE", arguments: [account, fullName])
            return db.changesCount > 0
        }
    }

    /// Every favourite, most recently added first.
    public func favorites(account: String = "") async throws(StoreError) -> [Favorite] {
        try await read { db in
            try FavoriteRecord.filter(sql: "account = ?", arguments: [account]).order(Column("addedAt").desc, Column("fullName")).fetchAll(
                db
            )
            .map { try $0.favorite() }
        }
    }

    public func favorite(fullName: String, account: String = "") async throws(StoreError) -> Favorite? {
        try await read { db in
            try FavoriteRecord.filter(sql: "account = ? AND fullName = ? COLLATE NOCASE", arguments: [account, fullName]).fetchOne(db)?
                .favorite()
        }
    }

    /// The ids of every favourite, to mark them in lists.
    public func favoriteIDs(account: String = "") async throws(StoreError) -> Set<Int64> {
        try await read { db in Set(try Int64.fetchAll(db, sql: "SELECT repositoryID FROM favorite WHERE account = ?", arguments: [account]))
        }
    }

    /// Refreshes the snapshots of those `repositories` that are favourites of any account (after
    /// any fetch).
    func refreshFavoriteSnapshots(_ repositories: [Repository], at date: Date, in db: Database) throws {
        let ids = Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT repositoryID FROM favorite"))
        for repository in repositories where ids.contains(repository.id) {
            try db.execute(
                sql: "UPDATE favorite SET fullName = ?, snapshot = ?, updatedAt = ? WHERE repositoryID = ?",
                arguments: [repository.fullName, Data(repository.jsonObject.bytes), date.stored, repository.id])
        }
    }
}
