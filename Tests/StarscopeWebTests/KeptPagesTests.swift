import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import StarscopeWeb

/// A page is kept for a second, for its key, while the store has not changed; it is put back
/// together with the asking browser's token.
@Suite struct KeptPagesTests {
    static let tokenA = String(repeating: "a1", count: 32)
    static let tokenB = String(repeating: "b2", count: 32)

    final class Revision: Sendable {
        let value = Atomic(1)
    }

    static func key(_ target: String = "/") -> KeptPages.Key {
        KeptPages.Key(target: target, theme: .system, signedIn: false, viewer: .owner, unreadUpdates: 0)
    }

    static func body(_ response: Response?) async throws -> String? {
        guard let response else { return nil }
        let collected = Collected()
        try await response.body.write(CollectingWriter(into: collected))
        return collected.buffer.withLock { String(buffer: $0) }
    }

    @Test func aKeptPageCarriesTheAskingBrowsersToken() async throws {
        let revision = Revision()
        let pages = KeptPages(revision: { revision.value.load(ordering: .relaxed) })
        let markup = "<form><input name=\"csrf\" value=\"\(Self.tokenA)\"></form><p>\(Self.tokenA)</p>"
        pages.keep(HTML(raw: markup), for: Self.key(), token: Self.tokenA, madeAt: pages.revision)
        let kept = try await Self.body(pages.response(Self.key(), token: Self.tokenB))
        #expect(kept == markup.replacingOccurrences(of: Self.tokenA, with: Self.tokenB))
        #expect(pages.response(Self.key("/?since=day"), token: Self.tokenB) == nil)
    }

    /// A copy says its body's hash, made from the parts' and the token's: one per browser, the
    /// same for the same browser, so `EncodingMiddleware` need not hash the body again.
    @Test func aCopyCarriesItsBodysHash() throws {
        let pages = KeptPages(revision: { 1 })
        let markup = "<p>\(Self.tokenA)</p>"
        pages.keep(HTML(raw: markup), for: Self.key(), token: Self.tokenA, madeAt: 1)
        let field = try #require(EncodingMiddleware.bodyHash)
        let first = pages.response(Self.key(), token: Self.tokenA)?.headers[field]
        #expect(first != nil)
        #expect(pages.response(Self.key(), token: Self.tokenA)?.headers[field] == first)
        #expect(pages.response(Self.key(), token: Self.tokenB)?.headers[field] != first)
        // A page just made whole goes out as its kept copy; one still streaming as it is.
        let made = Response(status: .ok, headers: HTML.headers, body: .init(byteBuffer: ByteBuffer(string: markup)))
        #expect(pages.sameAs(made, Self.key(), token: Self.tokenA).headers[field] == first)
        let streaming = Response(status: .ok, body: ResponseBody { writer in try await writer.finish(nil) })
        #expect(pages.sameAs(streaming, Self.key(), token: Self.tokenA).headers[field] == nil)
    }

    @Test func aChangeToTheStoreOrASecondPassingMakesThePageAnew() async throws {
        let revision = Revision()
        let pages = KeptPages(revision: { revision.value.load(ordering: .relaxed) })
        let now = ContinuousClock.now
        // Made before a change that came while it was made: never used.
        let before = pages.revision
        revision.value.add(1, ordering: .relaxed)
        pages.keep(HTML(raw: "old"), for: Self.key(), token: Self.tokenA, madeAt: before)
        #expect(pages.response(Self.key(), token: Self.tokenA) == nil)
        pages.keep(
            "new", status: .ok, headers: HTML.headers, for: Self.key(), token: Self.tokenA, madeAt: pages.revision, now: now)
        #expect(try await Self.body(pages.response(Self.key(), token: Self.tokenA, now: now)) == "new")
        // Past its lifetime the first request makes it anew; the others meanwhile get the copy,
        // for up to the grace, and the new page is fresh again.
        let expired = now + KeptPages.lifetime
        #expect(pages.response(Self.key(), token: Self.tokenA, now: expired) == nil)
        #expect(try await Self.body(pages.response(Self.key(), token: Self.tokenB, now: expired)) == "new")
        #expect(pages.response(Self.key(), token: Self.tokenA, now: expired + KeptPages.grace) == nil)
        pages.keep(
            "newer", status: .ok, headers: HTML.headers, for: Self.key(), token: Self.tokenA, madeAt: pages.revision, now: expired)
        #expect(try await Self.body(pages.response(Self.key(), token: Self.tokenA, now: expired)) == "newer")
        // A change to the store: nobody gets the copy, not even in the grace.
        revision.value.add(1, ordering: .relaxed)
        #expect(pages.response(Self.key(), token: Self.tokenA, now: expired) == nil)
        #expect(pages.response(Self.key(), token: Self.tokenB, now: expired + KeptPages.lifetime) == nil)
    }

    @Test func onlyWholePagesOfAStoreThatCountsItsChangesAreKept() {
        let pages = KeptPages(revision: { 1 })
        pages.keep(HTML(raw: "failed").with(status: .serviceUnavailable), for: Self.key(), token: Self.tokenA, madeAt: 1)
        pages.keep(HTML(raw: "short"), for: Self.key("/?since=day"), token: "abc", madeAt: 1)
        #expect(pages.count == 0)
        let shared = KeptPages(revision: { nil })
        shared.keep(HTML(raw: "page"), for: Self.key(), token: Self.tokenA, madeAt: shared.revision)
        #expect(shared.count == 0)
        #expect(shared.response(Self.key(), token: Self.tokenA) == nil)
    }

    /// Served: New & popular and a detail are kept, and asked again, come from what was kept.
    @Test func newAndPopularAndADetailAreKept() async throws {
        try await WebHarness.run { web in
            let (cookie, _) = try await web.csrf()
            let home = String(buffer: try await web.get("/", headers: [.cookie: cookie]).body)
            let name = String(try #require(home.firstMatch(of: /data-repo="([^"]+)"/)?.1))
            #expect(web.services.keptPages.count == 1)
            _ = try await web.get("/repos/\(name)", headers: [.cookie: cookie])
            #expect(web.services.keptPages.count == 2)
        }
    }
}

/// A response body's bytes.
private final class Collected: Sendable {
    let buffer = Mutex(ByteBuffer())
}

private struct CollectingWriter: ResponseBodyWriter {
    let into: Collected

    mutating func write(_ buffer: ByteBuffer) async throws {
        into.buffer.withLock { _ = $0.writeImmutableBuffer(buffer) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
