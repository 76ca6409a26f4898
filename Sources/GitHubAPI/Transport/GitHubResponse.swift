import Foundation
import StarscopeModels

/// An HTTP answer from GitHub, whatever its status, with the headers Starscope acts on parsed.
public struct GitHubResponse: Sendable {
    public var status: Int
    /// Header values by lower-cased name; repeated headers are joined with ", ".
    public var headers: [String: String] {
        // A store refreshing the rate-limit headers of a kept answer leaves its links as they are.
        didSet {
            if headers["link"] != oldValue["link"] { links = Self.links(in: headers) }
            rateLimit = RateLimit(headers: headers)
        }
    }
    /// The `Link` header, parsed once: an answer kept in memory is read by every page that shows
    /// it, and parsing its URLs again each time would be most of a cached list's paging cost.
    public private(set) var links: LinkHeader
    /// The `x-ratelimit-*` headers, read once like the links (ten answers from memory a detail
    /// view, three numbers parsed from each).
    public private(set) var rateLimit: RateLimit?
    public var body: Data
    /// The URL that answered: the one requested, or the one GitHub redirected it to (a renamed
    /// repository's `/repositories/ID`), also when a store answers.
    public var url: URL
    /// True when a store answered without GitHub (fresh, offline or standing in for a failure):
    /// nothing new was learnt, so there is nothing to record.
    public var isStored = false
    /// The body already decoded by the request's `BodyCheck`, when a transport ran it; the
    /// client uses it instead of decoding again.
    public var decoded: (any Sendable)?

    public init(status: Int, headers: [String: String], body: Data, url: URL) {
        self.status = status
        let headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0 + ", " + $1 })
        self.headers = headers
        self.links = Self.links(in: headers)
        self.rateLimit = RateLimit(headers: headers)
        self.body = body
        self.url = url
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    public var isNotModified: Bool { status == 304 }
    public var isSuccess: Bool { (200..<300).contains(status) }

    public var etag: String? { header("etag") }
    public var lastModified: String? { header("last-modified") }
    private static func links(in headers: [String: String]) -> LinkHeader {
        headers["link"].map { LinkHeader($0) } ?? LinkHeader("")
    }
    public var cacheControl: CacheControl { CacheControl(header("cache-control") ?? "") }
}
