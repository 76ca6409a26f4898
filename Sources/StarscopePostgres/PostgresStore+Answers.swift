import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

extension PostgresStore {
    public func cachedResponse(key: String) async throws(StoreError) -> CachedResponse? {
        let rows = try await rows(
            """
            SELECT key, url, status, headers, body, etag, lastModified, fetchedAt, maxAge, lastUsedAt, size
            FROM cachedResponse WHERE key = \(key)
            """)
        return try rows.first.map { row throws(StoreError) in
            let (key, url, status, headers, body, etag, lastModified, fetchedAt, maxAge, lastUsedAt, size) = try Self.decode(
                row, (String, String, Int, Data, Data, String?, String?, Date, Double, Date, Int).self)
            return CachedResponse(
                key: key, url: url, status: status, headers: headers, body: body, etag: etag, lastModified: lastModified,
                fetchedAt: fetchedAt, maxAge: maxAge, lastUsedAt: lastUsedAt, size: size)
        }
    }

    public func save(_ entry: CachedResponse, maximumBytes: Int) async throws(StoreError) {
        try await transaction { connection in
            _ = try await connection.all(
                """
                INSERT INTO cachedResponse (key, url, status, headers, body, etag, lastModified, fetchedAt, maxAge, lastUsedAt, size)
                VALUES (\(entry.key), \(entry.url), \(entry.status), \(entry.headers), \(entry.body), \(entry.etag), \(entry.lastModified),
                \(entry.fetchedAt.milliseconds), \(entry.maxAge), \(entry.lastUsedAt.milliseconds), \(entry.size))
                ON CONFLICT (key) DO UPDATE SET url = excluded.url, status = excluded.status, headers = excluded.headers,
                body = excluded.body, etag = excluded.etag, lastModified = excluded.lastModified, fetchedAt = excluded.fetchedAt,
                maxAge = excluded.maxAge, lastUsedAt = excluded.lastUsedAt, size = excluded.size
                """)
            let total = try await connection.all("SELECT COALESCE(SUM(size), 0)::bigint FROM cachedResponse").first?.decode(Int.self) ?? 0
            guard total > maximumBytes else { return }
            // The least recently used answers go first, down to the limit.
            let excess = total - maximumBytes
            _ = try await connection.all(
                """
                DELETE FROM cachedResponse WHERE key IN (
                    SELECT key FROM (
                        SELECT key, size, SUM(size) OVER (ORDER BY lastUsedAt, key) AS running FROM cachedResponse
                        WHERE key <> \(entry.key)
                    ) oldest WHERE running - size < \(excess))
                """)
        }
    }

    public func markUsed(key: String, now: Date) async throws(StoreError) {
        try await execute("UPDATE cachedResponse SET lastUsedAt = \(now.milliseconds) WHERE key = \(key)")
    }

    public func touch(key: String, now: Date, revalidatedWith headers: [String: String]?, maxAge: Double?) async throws(StoreError) {
        guard let headers else {
            try await markUsed(key: key, now: now)
            return
        }
        guard var entry = try await cachedResponse(key: key) else { return }
        entry.revalidate(with: headers, maxAge: maxAge, now: now)
        try await execute(
            """
            UPDATE cachedResponse SET headers = \(entry.headers), fetchedAt = \(entry.fetchedAt.milliseconds), maxAge = \(entry.maxAge),
            lastUsedAt = \(entry.lastUsedAt.milliseconds) WHERE key = \(key)
            """)
    }

    public func cacheSize() async throws(StoreError) -> Int {
        guard let row = try await rows("SELECT COALESCE(SUM(size), 0)::bigint FROM cachedResponse").first else { return 0 }
        return try Self.decode(row, Int.self)
    }

    public func claimLease(_ name: String, holder: String, until: Date, now: Date) async throws(StoreError) -> Bool {
        try await execute(
            """
            INSERT INTO lease (name, holder, expiresAt) VALUES (\(name), \(holder), \(until.milliseconds))
            ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expiresAt = excluded.expiresAt
            WHERE lease.holder = excluded.holder OR lease.expiresAt <= \(now.milliseconds)
            RETURNING 1
            """) > 0
    }

    public func releaseLease(_ name: String, holder: String) async throws(StoreError) {
        try await execute("DELETE FROM lease WHERE name = \(name) AND holder = \(holder)")
    }
}
