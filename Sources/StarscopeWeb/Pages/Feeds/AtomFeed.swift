import Foundation

/// An Atom 1.0 feed (RFC 4287) of any list: data only, no markup. Controllers fill one (New &
/// popular, Rising, updates); `AtomFeed+View.swift` writes it as XML, and a handler returns it as
/// it is: the answer carries its ETag and a repeat with `If-None-Match` gets 304.
struct AtomFeed: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        /// Stable and unique to this entry: a tag URI (`AtomFeed.tag("trending/repo/ID")`).
        var id: String
        var title: String
        /// An absolute http(s) URL (`rel="alternate"`).
        var link: String
        var updated: Date
        var published: Date?
        /// The author's name; the feed's author when nil.
        var author: String?
        var authorURI: String?
        /// Plain text.
        var summary: String
        var categories: [String] = []
    }

    /// Stable across requests and servers: a tag URI (`AtomFeed.tag("feeds/trending?since=day")`).
    var id: String
    var title: String
    var subtitle: String?
    /// This feed's absolute URL.
    var selfURL: String
    /// The page the feed follows, absolute.
    var alternateURL: String
    var updated: Date
    var entries: [Entry]

    static let author = "Starscope"
    static let generator = "Starscope"

    /// `updated` is the newest entry's, or `quiet` when there is none (pass a date that stays
    /// put, such as the start of today, so an empty feed keeps its ETag).
    init(
        id: String, title: String, subtitle: String? = nil, selfURL: String, alternateURL: String, entries: [Entry], quiet: Date
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.selfURL = selfURL
        self.alternateURL = alternateURL
        self.entries = entries
        updated = entries.map(\.updated).max() ?? quiet
    }

    /// A tag URI (RFC 4151) under Starscope's own authority: `tag:starscope,2026:SPECIFIC`.
    static func tag(_ specific: String) -> String {
        "tag:starscope,2026:" + specific
    }

    /// `url` when it is an absolute http(s) URL with a host, else nil (a feed reader opens links).
    static func webLink(_ url: String?) -> String? {
        guard let url, let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return nil }
        return url
    }
}
