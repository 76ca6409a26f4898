import Foundation
import GitHubAPI
import StarscopeModels

/// One stored answer from GitHub, with what is needed to reuse or revalidate it.
///
/// Read and written column by column (not through `Codable`, whose generic containers cost more
/// than the SQL on every cached answer a command reads); dates as each store keeps them.
public struct CachedResponse: Sendable {
    /// The token's partition and the URL: ETags differ per token, so do stored answers.
    package var key: String
    package var url: String
    package var status: Int
    /// Headers as JSON (`Link`, `ETag`, rate limit…), so that paging works from the store.
    package var headers: Data
    package var body: Data
    package var etag: String?
    package var lastModified: String?
    package var fetchedAt: Date
    /// Seconds the answer stays fresh after `fetchedAt`.
    package var maxAge: Double
    package var lastUsedAt: Date
    package var size: Int

    package init(key: String, response: GitHubResponse, maxAge: Double, now: Date) {
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

    package init(
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
    package mutating func revalidate(with newHeaders: [String: String], maxAge: Double?, now: Date) {
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
    package var storedResponse: GitHubResponse {
        var response = self.response
        response.isStored = true
        return response
    }

    /// The stored headers (a JSON object of strings); none when they cannot be read.
    package static func decodeHeaders(_ headers: Data) -> [String: String] {
        (try? GitHubJSON.decode([String: String].self, from: headers)) ?? [:]
    }

    package var response: GitHubResponse {
        let decoded = Self.decodeHeaders(headers)
        let url = URL(string: url) ?? URL(fileURLWithPath: "/")
        return GitHubResponse(status: status, headers: decoded, body: body, url: url)
    }
}
