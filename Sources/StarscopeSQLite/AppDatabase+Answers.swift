import Foundation
import GRDB
import GitHubAPI
import StarscopeModels
import StarscopeStore

extension CachedResponse: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "cachedResponse"

    public init(row: Row) throws {
        self.init(
            key: try row.decode(forColumn: "key"), url: try row.decode(forColumn: "url"), status: try row.decode(forColumn: "status"),
            headers: try row.decode(forColumn: "headers"), body: try row.decode(forColumn: "body"),
            etag: try row.decode(forColumn: "etag"), lastModified: try row.decode(forColumn: "lastModified"),
            fetchedAt: try row.decode(forColumn: "fetchedAt"), maxAge: try row.decode(forColumn: "maxAge"),
            lastUsedAt: try row.decode(forColumn: "lastUsedAt"), size: try row.decode(forColumn: "size"))
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["key"] = key
        container["url"] = url
        container["status"] = status
        container["headers"] = headers
        container["body"] = body
        container["etag"] = etag
        container["lastModified"] = lastModified
        container["fetchedAt"] = fetchedAt.stored
        container["maxAge"] = maxAge
        container["lastUsedAt"] = lastUsedAt.stored
        container["size"] = size
    }
}

extension AppDatabase {
    public func cachedResponse(key: String) async throws(StoreError) -> CachedResponse? {
        // A statement compiled once per connection: preparing it again (and GRDB's check of each
        // column it reads) would be a costly part of a cached detail's store work.
        try await read { db in
            try CachedResponse.fetchOne(db.cachedStatement(sql: "SELECT * FROM cachedResponse WHERE key = ?"), arguments: [key])
        }
    }

    /// Stores `entry` and evicts the least recently used answers beyond `maximumBytes`.
    public func save(_ entry: CachedResponse, maximumBytes: Int) async throws(StoreError) {
        try await write { db in
            try entry.save(db)
            var total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM cachedResponse") ?? 0
            guard total > maximumBytes else { return }
            let oldest = try Row.fetchAll(db, sql: "SELECT key, size FROM cachedResponse ORDER BY lastUsedAt ASC")
            for row in oldest where total > maximumBytes {
                let key: String = row["key"]
                guard key != entry.key else { continue }
                try db.execute(sql: "DELETE FROM cachedResponse WHERE key = ?", arguments: [key])
                total -= row["size"] as Int
            }
        }
    }

    /// Marks a stored answer as used now, for eviction (one small update, the body untouched).
    public func markUsed(key: String, now: Date) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "UPDATE cachedResponse SET lastUsedAt = ? WHERE key = ?", arguments: [now.stored, key])
        }
    }

    /// Marks a stored answer as used now, and as revalidated when `revalidated` carries new headers.
    public func touch(key: String, now: Date, revalidatedWith headers: [String: String]?, maxAge: Double?) async throws(StoreError) {
        try await write { db in
            guard var entry = try CachedResponse.fetchOne(db, key: key) else { return }
            entry.lastUsedAt = now
            if let headers { entry.revalidate(with: headers, maxAge: maxAge, now: now) }
            try entry.update(db)
        }
    }

    /// How many bytes the response cache holds.
    public func cacheSize() async throws(StoreError) -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM cachedResponse") ?? 0 }
    }
}

extension AppDatabase: Store {
    /// One server process uses a SQLite file at a time; within it, `RecentAnswers` already
    /// shares each refresh.
    public var isShared: Bool { false }

    /// Counted by `RecentReads`, which forgets what it kept on every write.
    public var revision: Int? { recentReads.generation }

    public func ping() async throws(StoreError) {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func claimLease(_ name: String, holder: String, until: Date, now: Date) async throws(StoreError) -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO lease (name, holder, expiresAt) VALUES (?, ?, ?)
                    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expiresAt = excluded.expiresAt
                    WHERE lease.holder = excluded.holder OR lease.expiresAt <= ?
                    """,
                arguments: [name, holder, until.stored, now.stored])
            return db.changesCount > 0
        }
    }

    public func releaseLease(_ name: String, holder: String) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "DELETE FROM lease WHERE name = ? AND holder = ?", arguments: [name, holder])
        }
    }
}
