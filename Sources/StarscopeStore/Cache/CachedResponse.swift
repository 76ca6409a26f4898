import Foundation
import GRDB
import GitHubAPI

/// One stored answer from GitHub, with what is needed to reuse or revalidate it.
public struct CachedResponse: Codable, FetchableRecord, PersistableRecord, Sendable {
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

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

    /// Marks it as revalidated now: GitHub's new rate limit, ETag and cache control are kept.
    mutating func revalidate(with newHeaders: [String: String], maxAge: Double?, now: Date) {
        var merged = (try? JSONDecoder().decode([String: String].self, from: headers)) ?? [:]
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

    var response: GitHubResponse {
        let decoded = (try? JSONDecoder().decode([String: String].self, from: headers)) ?? [:]
        let url = URL(string: url) ?? URL(fileURLWithPath: "/")
        return GitHubResponse(status: status, headers: decoded, body: body, url: url)
    }
}

extension AppDatabase {
    public func cachedResponse(key: String) async throws(StoreError) -> CachedResponse? {
        try await read { db in try CachedResponse.fetchOne(db, key: key) }
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
