import Foundation
import GRDB
import GitHubAPI
import StarscopeModels

/// One stored answer from GitHub, with what is needed to reuse or revalidate it.
///
/// Read and written column by column (not through `Codable`, whose generic containers cost more
/// than the SQL on every cached answer a command reads); dates in the store's text (`StoredDate`).
public struct CachedResponse: FetchableRecord, PersistableRecord, Sendable {
    public static let databaseTableName = "cachedResponse"

    /// The token's partition and the URL: ETags differ per token, so do stored answers.
    var key: String
    var url: String
    var status: Int
    /// Headers as JSON (`Link`, `ETag`, rate limit…), so that paging works from the store.
    var headers: Data
    var body: Data
    var etag: String?
    var lastModified: String?
    var fetchedAt: Date
    /// Seconds the answer stays fresh after `fetchedAt`.
    var maxAge: Double
    var lastUsedAt: Date
    var size: Int

    init(key: String, response: GitHubResponse, maxAge: Double, now: Date) {
        self.key = key
        url = response.url.absoluteString
        status = response.status
        headers = (try? JSONEncoder().encode(response.headers)) ?? Data()
        body = response.body
        etag = response.etag
        lastModified = response.lastModified
        fetchedAt = now
        self.maxAge = maxAge
        lastUsedAt = now
        size = response.body.count + headers.count + key.utf8.count
    }

    init(
        key: String, url: String, status: Int, headers: Data, body: Data, etag: String?, lastModified: String?, fetchedAt: Date,
        maxAge: Double, lastUsedAt: Date, size: Int
    ) {
        self.key = key
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.maxAge = maxAge
        self.lastUsedAt = lastUsedAt
        self.size = size
    }

    public init(row: Row) throws {
        key = try row.decode(forColumn: "key")
        url = try row.decode(forColumn: "url")
        status = try row.decode(forColumn: "status")
        headers = try row.decode(forColumn: "headers")
        body = try row.decode(forColumn: "body")
        etag = try row.decode(forColumn: "etag")
        lastModified = try row.decode(forColumn: "lastModified")
        fetchedAt = try row.decode(forColumn: "fetchedAt")
        maxAge = try row.decode(forColumn: "maxAge")
        lastUsedAt = try row.decode(forColumn: "lastUsedAt")
        size = try row.decode(forColumn: "size")
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

    /// Marks it as revalidated now: GitHub's new rate limit, ETag and cache control are kept.
    mutating func revalidate(with newHeaders: [String: String], maxAge: Double?, now: Date) {
        var merged = Self.decodeHeaders(headers)
        for (name, value) in newHeaders where name.hasPrefix("x-ratelimit-") || name == "etag" || name == "cache-control" {
            merged[name] = value
        }
        headers = (try? JSONEncoder().encode(merged)) ?? headers
        fetchedAt = now
        lastUsedAt = now
        if let maxAge { self.maxAge = maxAge }
    }

    /// The answer as given out when the store answers in GitHub's place.
    var storedResponse: GitHubResponse {
        var response = self.response
        response.isStored = true
        return response
    }

    /// The stored headers (a JSON object of strings); none when they cannot be read.
    static func decodeHeaders(_ headers: Data) -> [String: String] {
        GitHubJSONReading.decode([String: String].self, from: headers)
            ?? (try? JSONDecoder().decode([String: String].self, from: headers)) ?? [:]
    }

    var response: GitHubResponse {
        let decoded = Self.decodeHeaders(headers)
        let url = URL(string: url) ?? URL(fileURLWithPath: "/")
        return GitHubResponse(status: status, headers: decoded, body: body, url: url)
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
