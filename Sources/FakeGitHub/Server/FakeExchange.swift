import Foundation
import StarscopeModels

/// A request as the fake sees it, stripped of transport details.
struct FakeRequest: Sendable {
    var method: String
    /// The path with any `/api/v3` prefix removed.
    var path: String
    /// `/api/v3` for GitHub Enterprise-style calls, else "".
    var prefix: String
    var query: [String: String]
    var rawQuery: String?
    var token: String?
    var ifNoneMatch: String?
    var ifModifiedSince: String?
    var userAgent: String?
    /// The media type asked for (`application/vnd.github.raw`, `…html`), when not GitHub's JSON.
    var accept: String? = nil
    /// `X-GitHub-Api-Version`, when sent.
    var apiVersion: String? = nil
    /// `http://HOST:PORT` as the client addressed us.
    var origin: String
    var body: Data

    var apiBase: String { origin + prefix }

    static func decodeQuery(_ raw: String?) -> [String: String] {
        guard let raw, !raw.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for pair in raw.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decodeComponent(String(parts[0]))
            let value = parts.count > 1 ? decodeComponent(String(parts[1])) : ""
            if result[name] == nil { result[name] = value }
        }
        return result
    }

    static func decodeComponent(_ text: String) -> String {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
    }
}

/// What the fake will answer, before headers common to every answer are added.
struct FakeResponse: Sendable {
    enum Caching: Sendable {
        /// ETag and `max-age=60`, as GitHub does for most GETs.
        case standard(lastModified: Date?)
        /// `no-cache` and no ETag, as GitHub does for search.
        case noCache
        /// No caching headers at all.
        case none
    }

    var status: Int
    var body: Data
    var contentType = "application/json; charset=utf-8"
    var headers: [(String, String)] = []
    var caching: Caching = .none
    /// Sends half the body and then drops the connection.
    var dropsConnection = false
    /// Instead of `body`, this many bytes of a JSON array padded with spaces, streamed (see `Fault.huge`).
    var huge: (bytes: Int, declaresLength: Bool)?
    /// Counted against the rate limit (false for `/rate_limit`, avatars and auth failures).
    var counts = true

    static func json(_ value: JSONValue, status: Int = 200, caching: Caching = .none) -> FakeResponse {
        FakeResponse(status: status, body: JSONRendering.encode(value), caching: caching)
    }

    static func error(
        _ status: Int, _ message: String, documentation: String = "https://docs.github.com/rest", extra: [String: String] = [:]
    ) -> FakeResponse {
        var body = "{\"message\":\(jsonString(message)),\"documentation_url\":\(jsonString(documentation)),\"status\":\"\(status)\""
        for (key, value) in extra.sorted(by: { $0.key < $1.key }) { body += ",\(jsonString(key)):\(value)" }
        body += "}"
        return FakeResponse(status: status, body: Data(body.utf8))
    }

    static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
