import HTTPTypes
import Hummingbird
import StarscopeModels
import StarscopeStore
import Synchronization

/// The one kept-page cache: New & popular (`/`) and a repository's detail, the pages asked most,
/// each kept for a second as it was made for one `Key` (what was asked, by whom, in which theme).
/// A kept page is used only while the store has had no change since it was made (`revision`): a
/// favourite marked, an update seen or an answer from GitHub stored makes the next one anew. A
/// change by another process shows within two seconds (a second, and one more while a request
/// makes the page anew); on a store other processes share (a team's PostgreSQL) nothing is kept.
///
/// The browser's CSRF token is the one part of a page that differs between browsers: a page is
/// kept cut at each place its token was written, and put together again with the asker's.
/// `bench/run` shows what it buys (docs/PERFORMANCE.md).
final class KeptPages: Sendable {
    struct Key: Hashable, Sendable {
        /// The path and query asked.
        var target: String
        var theme: PageContext.Theme
        var signedIn: Bool
        var viewer: Viewer
        var unreadUpdates: Int
    }

    private struct Kept: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        /// The page, cut at each place its token was.
        var parts: [String]
        /// The parts' bytes, hashed once: with a browser's token, the hash of its copy's bytes.
        var hash: Int
        var revision: Int
        var until: ContinuousClock.Instant
        /// Past `until`, one request is making the page anew; the others meanwhile get this copy.
        var renewing = false
    }

    static let lifetime: Duration = .seconds(1)
    /// How long past its lifetime a page still serves while one request makes it anew (so that
    /// the requests of that moment do not all make it at once, the slowest answers under load).
    static let grace: Duration = .seconds(1)
    /// Past this many, the pages out of date are dropped before another is kept.
    static let capacity = 64
    /// Shorter tokens could occur in a page by chance (`CSRFMiddleware`'s have 64 hex digits).
    static let shortestToken = 32

    private let pages = Mutex<[Key: Kept]>([:])
    private let storeRevision: @Sendable () -> Int?

    /// Pages kept while `revision` (the store's) has not moved.
    init(revision: @escaping @Sendable () -> Int?) {
        storeRevision = revision
    }

    /// The store's revision now, to give `keep` with a page made from here on (nil: none is kept).
    var revision: Int? { storeRevision() }

    /// The page kept for `key`, with `token` in its places; nil when none is, or it is out of date
    /// (the first request past its lifetime gets nil, and makes it anew, while the others get the
    /// copy for up to `grace` more).
    func response(_ key: Key, token: String, now: ContinuousClock.Instant = .now) -> Response? {
        guard let revision = storeRevision() else { return nil }
        let found: Kept? = pages.withLock { pages in
            guard let kept = pages[key], kept.revision == revision, now < kept.until + Self.grace else { return nil }
            if now < kept.until || kept.renewing { return kept }
            pages[key]?.renewing = true
            return nil
        }
        return found.map { copy($0, token: token) }
    }

    /// `kept` with `token` in its places.
    private func copy(_ kept: Kept, token: String) -> Response {
        var body = ByteBuffer()
        body.reserveCapacity(kept.parts.reduce((kept.parts.count - 1) * token.utf8.count) { $0 + $1.utf8.count })
        for (index, part) in kept.parts.enumerated() {
            if index > 0 { body.writeString(token) }
            body.writeString(part)
        }
        // The copy's bytes are the parts' and the token's: `EncodingMiddleware` makes the page's
        // tag from their hashes instead of hashing every copy (docs/PERFORMANCE.md).
        var hasher = Hasher()
        hasher.combine(kept.hash)
        hasher.combine(token)
        var headers = kept.headers
        if let field = EncodingMiddleware.bodyHash { headers[field] = String(hasher.finalize()) }
        return Response(status: kept.status, headers: headers, body: .init(byteBuffer: body))
    }

    /// `response`, a page just made whole, as its kept copy when it was kept: the same bytes,
    /// with the tag every later copy has (so a browser asking again with it gets 304). A page
    /// still streaming, or not kept, goes as it is.
    func sameAs(_ response: Response, _ key: Key, token: String, now: ContinuousClock.Instant = .now) -> Response {
        guard response.body.contentLength != nil, let revision = storeRevision(),
            let kept = pages.withLock({ $0[key] }), kept.revision == revision, now < kept.until, !kept.renewing
        else { return response }
        return copy(kept, token: token)
    }

    /// Keeps `markup`, made with `token` for `key` from the store as it was at `revision`: only a
    /// page served with 200, and only with a token long enough to find again.
    func keep(
        _ markup: String, status: HTTPResponse.Status, headers: HTTPFields, for key: Key, token: String, madeAt revision: Int?,
        now: ContinuousClock.Instant = .now
    ) {
        guard let revision, status == .ok, token.utf8.count >= Self.shortestToken else { return }
        let parts = Self.parts(of: markup, cutAt: token)
        var hasher = Hasher()
        hasher.combine(parts.count)
        for part in parts {
            // Bytes, not `String`'s hash, which is one for texts that differ only in normalisation.
            var part = part
            part.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
        }
        let kept = Kept(
            status: status, headers: headers, parts: parts, hash: hasher.finalize(), revision: revision,
            until: now + Self.lifetime)
        pages.withLock { pages in
            if pages[key] == nil, pages.count >= Self.capacity {
                pages = pages.filter { $0.value.until > now }
                if pages.count >= Self.capacity { pages.removeAll(keepingCapacity: true) }
            }
            pages[key] = kept
        }
    }

    /// Keeps a page's `html` as `HTML.response` serves it.
    func keep(_ html: HTML, for key: Key, token: String, madeAt revision: Int?) {
        keep(html.markup, status: html.status, headers: HTML.headers, for: key, token: token, madeAt: revision)
    }

    /// How many pages are kept (in or out of date), for tests.
    var count: Int { pages.withLock { $0.count } }

    static func parts(of markup: String, cutAt token: String) -> [String] {
        var parts: [String] = []
        var start = markup.startIndex
        while let found = markup.firstUTF8Range(of: token, from: start) {
            parts.append(String(markup[start..<found.lowerBound]))
            start = found.upperBound
        }
        parts.append(String(markup[start...]))
        return parts
    }
}

extension KeptPages.Key {
    /// What `request` asks for, as `context` says who asks.
    init(_ request: Request, context: WebContext) {
        self.init(
            target: request.uri.description, theme: context.theme, signedIn: context.sessionSecret != nil, viewer: context.viewer,
            unreadUpdates: context.unreadUpdates)
    }
}
