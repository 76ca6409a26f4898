import Foundation
import GRDB

extension AppDatabase {
    /// See `Store.cachePartitionKey`: made on first use (each `CachePartition` reads it once).
    public func cachePartitionKey() async throws(StoreError) -> Data {
        let name = CachePartition.keyName
        if let key = try await read({ db in try Data.fetchOne(db, sql: "SELECT value FROM keyCheck WHERE name = ?", arguments: [name]) }) {
            return key
        }
        return try await write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO keyCheck (name, value) VALUES (?, ?)",
                arguments: [CachePartition.keyName, CachePartition.newKey()])
            guard let key = try Data.fetchOne(db, sql: "SELECT value FROM keyCheck WHERE name = ?", arguments: [CachePartition.keyName])
            else { throw StoreError.database("the key of kept answers could not be read") }
            return key
        }
    }
}
