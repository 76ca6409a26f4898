import Foundation

/// One request to GitHub, relative to the configured base URL or absolute (a `Link` URL).
public struct GitHubRequest: Hashable, Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case delete = "DELETE"
    }

    /// How a cache beneath the client may answer a GET, as `URLRequest.CachePolicy` does for
    /// URLSession; a transport that keeps nothing sends every request whatever it says.
    public enum CacheUse: Hashable, Sendable {
        /// A fresh kept answer stands in for asking; a stale one makes the request conditional,
        /// and stands in (reported as stale) when GitHub cannot answer.
        case reuseFresh
        /// Only GitHub's answer now will do: asked every time (conditionally when an answer is
        /// kept), and its failure is thrown rather than a kept answer standing in.
        case askGitHub
        /// Only a kept answer: GitHub is not asked, as when working offline.
        case keptOnly
        /// Only an answer the cache holds fresh in memory: nothing is read from its store or asked of
        /// GitHub, and anything else throws `GitHubError.offline`. A transport that keeps nothing throws.
        case inMemoryOnly
    }

    public enum Target: Hashable, Sendable {
        /// A path under the base URL, such as `/search/repositories`, with its query.
        case path(String, query: [QueryItem])
        /// A URL GitHub gave us (pagination); it must share the base URL's origin.
        case url(URL)
    }

    public var method: Method
    public var target: Target
    /// Sent as `If-None-Match` to make the request conditional.
    public var ifNoneMatch: String?
    /// Sent as `If-Modified-Since` to make the request conditional.
    public var ifModifiedSince: String?
    /// What a successful answer's body must be; set by `GitHubClient` for the type it decodes.
    public var expects: BodyCheck?
    /// The media type asked for instead of GitHub's JSON (`application/vnd.github.raw`,
    /// `application/vnd.github.html`); answers differ by it, so caches key on it too.
    public var accept: String?
    /// `X-GitHub-Api-Version` for this request when it is not the configured one (an endpoint
    /// that exists only in a newer version).
    public var apiVersion: String?
    /// How a cache may answer it; set by `GitHubClient` from its own `cacheUse`.
    public var cacheUse: CacheUse = .reuseFresh
    /// A JSON body (GraphQL's `POST /graphql`); never kept by a cache.
    public var body: Data?

    public init(method: Method = .get, target: Target, ifNoneMatch: String? = nil, ifModifiedSince: String? = nil) {
        self.method = method
        self.target = target
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
    }

    public static func get(_ path: String, _ query: [QueryItem] = []) -> GitHubRequest {
        GitHubRequest(target: .path(path, query: query))
    }

    public static func get(_ url: URL) -> GitHubRequest {
        GitHubRequest(target: .url(url))
    }

    /// This request, asking for the media type `accept` instead of GitHub's JSON.
    public func accepting(_ accept: String) -> GitHubRequest {
        var copy = self
        copy.accept = accept
        return copy
    }

    /// This request, sent with `X-GitHub-Api-Version: version`.
    public func version(_ version: String) -> GitHubRequest {
        var copy = self
        copy.apiVersion = version
        return copy
    }

    /// This request, expecting a body that decodes as `T`.
    public func expecting<T: Decodable & Sendable>(_ type: T.Type) -> GitHubRequest {
        var copy = self
        copy.expects = .decodes(T.self)
        return copy
    }

    /// The absolute URL of this request against `baseURL`.
    public func url(relativeTo baseURL: URL) throws(GitHubError) -> URL {
        switch target {
        case .url(let url):
            guard Origin(url) == Origin(baseURL) else { throw .foreignURL(url.absoluteString) }
            return url
        case .path(let path, _):
            guard let url = URL(string: address(relativeTo: baseURL)) else { throw .invalidRequest("cannot form a URL from \(path)") }
            return url
        }
    }

    /// The text of `url(relativeTo:)` (its `absoluteString`), written without forming or checking
    /// the URL: what a cache keys an answer by. Forming a `URL` is costly, and an answer kept in
    /// memory was checked when it was kept.
    public func address(relativeTo baseURL: URL) -> String {
        switch target {
        case .url(let url):
            return url.absoluteString
        case .path(let path, let query):
            // Written into one string: every answer served from memory is looked up by it.
            var address = baseURL.absoluteString
            while address.utf8.last == UInt8(ascii: "/") { address.removeLast() }
            // GitHub Enterprise Server answers GraphQL at /api/graphql, beside its REST API at /api/v3.
            if path == "/graphql", address.hasSuffix("/api/v3") { address.removeLast(3) }
            address += path
            QueryItem.append(query, to: &address, after: "?")
            return address
        }
    }
}

/// A query parameter; encoded strictly (only unreserved characters stay literal), so `C++`
/// and `created:>2024-01-01` reach GitHub intact.
public struct QueryItem: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    public static func encode(_ items: [QueryItem]) -> String {
        var encoded = ""
        append(items, to: &encoded, after: "")
        return encoded
    }

    /// `encode(items)` written onto the end of `text`, `lead` first when there are any.
    static func append(_ items: [QueryItem], to text: inout String, after lead: String) {
        for (index, item) in items.enumerated() {
            text += index == 0 ? lead : "&"
            PercentEncoding.append(item.name, to: &text)
            text += "="
            PercentEncoding.append(item.value, to: &text)
        }
    }
}

/// Scheme, host and port: the boundary a token must never cross.
struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    init(_ url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        scheme = components?.scheme?.lowercased() ?? ""
        host = components?.host?.lowercased() ?? ""
        port = components?.port ?? (scheme == "https" ? 443 : 80)
    }
}
