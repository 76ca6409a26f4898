import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

@testable import StarscopeWeb

/// New & popular is rendered once per answer and context and copied after that, each copy with
/// its own browser's CSRF token; anything the page shows that changes renders it anew.
@Suite struct RenderedPagesTests {
    @Test func aCopyCarriesItsOwnTokenAndIsRenderedOnce() {
        let pages = RenderedPages<String>()
        let first = String(repeating: "a", count: 64)
        let second = String(repeating: "b", count: 64)
        let renders = Counter()
        let render: (String) -> HTML = { token in
            renders.add()
            return HTML(raw: "<form><input name=\"csrf\" value=\"\(token)\"></form><p>x</p><input value=\"\(token)\">")
        }
        let one = pages.page("k", token: first) { render(first) }
        let two = pages.page("k", token: second) { render(second) }
        #expect(renders.count == 1)
        #expect(two.markup == one.markup.replacingOccurrences(of: first, with: second))
        #expect(!two.markup.contains(first))
        // Each copy says a digest of its bytes: the same for the same page and token, another
        // for another token (the validator is made from it).
        let again = pages.page("k", token: first) { render(first) }
        #expect(again.markup == one.markup)
        #expect(one.digest != nil && again.digest == one.digest && two.digest != one.digest)
        _ = pages.page("other", token: second) { render(second) }
        #expect(renders.count == 2)
        // Without a real token there is nothing safe to cut at: rendered every time.
        _ = pages.page("k", token: "") { render("") }
        #expect(renders.count == 3)
    }

    /// A copy's answer is the answer its markup gives: the same status, fields and bytes, written
    /// once into its buffer whatever the token's places.
    @Test func aCopysAnswerIsItsMarkupsAnswer() throws {
        let first = String(repeating: "a", count: 64)
        let second = String(repeating: "b", count: 64)
        let pages = RenderedPages<Int>()
        let shapes = ["<p>\(first)</p>", "\(first)", "é\(first)\(first)ü", "<p>no token</p>", ""]
        for (key, shape) in shapes.enumerated() {
            _ = pages.copy(key, token: first) { HTML(raw: shape).with(status: key == 2 ? .notFound : .ok) }
            for token in [first, second] {
                let copy = try #require(pages.copy(key, token: token) { HTML(raw: "never") })
                let mine = copy.answer
                let html = copy.html
                let theirs = HTML.response(status: html.status, digest: html.digest, body: ByteBuffer(string: html.markup))
                #expect(mine.status == theirs.status && mine.headers == theirs.headers, "\(shape)")
                #expect(String(buffer: copy.buffer()) == shape.replacingOccurrences(of: first, with: token))
                #expect(String(buffer: copy.buffer()) == copy.html.markup)
            }
        }
    }

    /// A copy cut at its marker is the page, in two buffers split just after the marker, with
    /// the browser's token in every place, wherever the marker falls among the token's places.
    @Test func aCopyCutAtItsMarkerIsThePageInTwo() throws {
        let first = String(repeating: "a", count: 64)
        let second = String(repeating: "b", count: 64)
        let pages = RenderedPages<Int>(marker: "<!--m-->")
        let shapes = [
            "<p>\(first)</p><!--m--><i>\(first)</i>", "<!--m-->\(first)", "\(first)<!--m-->", "\(first)x\(first)é<!--m-->ü\(first)",
            "<!--m--><!--m-->", "\(first)<!--m-->\(first)<!--m-->\(first)",
        ]
        for (key, shape) in shapes.enumerated() {
            let copy = pages.copy(key, token: second) { HTML(raw: shape.replacingOccurrences(of: first, with: second)) }
            let again = pages.copy(key, token: first) { HTML(raw: "never") }
            for (copy, token) in [(copy, second), (again, first)] {
                let page = shape.replacingOccurrences(of: first, with: token)
                let (head, tail) = try #require(copy?.buffers())
                #expect(String(buffer: head) + String(buffer: tail) == page, "\(shape)")
                #expect(String(buffer: head).hasSuffix("<!--m-->") && !String(buffer: head).dropLast(8).contains("<!--m-->"), "\(shape)")
                #expect(copy?.html.markup == page)
            }
        }
        #expect(pages.renderedCount == shapes.count)
        #expect(pages.copy(99, token: first) { HTML(raw: "<p>\(first)</p>") }?.buffers() == nil)
        #expect(RenderedPages<Int>().copy(1, token: first) { HTML(raw: "<!--m-->") }?.buffers() == nil)
    }

    @Test func aPageOutOfBothGenerationsIsRenderedAgain() {
        let pages = RenderedPages<Int>(capacity: 1)
        let token = String(repeating: "c", count: 64)
        let renders = Counter()
        for key in [1, 2, 3, 1] {
            _ = pages.page(key, token: token) {
                renders.add()
                return HTML(raw: "\(key)")
            }
        }
        #expect(renders.count == 4)
    }

    @Test func browsersGetTheSamePageWithTheirOwnTokens() async throws {
        try await WebHarness.run { web in
            let (cookieA, tokenA) = try await web.csrf()
            let (cookieB, tokenB) = try await web.csrf()
            // The rows say how long ago things happened: a minute may turn between two requests,
            // so the pair is asked for again once if they differ.
            var pageA = "", pageB = ""
            for _ in 0..<2 {
                pageA = String(buffer: try await web.get("/", headers: [.cookie: cookieA]).body)
                pageB = String(buffer: try await web.get("/", headers: [.cookie: cookieB]).body)
                if pageB == pageA.replacingOccurrences(of: tokenA, with: tokenB) { break }
            }
            #expect(pageA.contains("value=\"\(tokenA)\""))
            #expect(!pageA.contains(tokenB))
            #expect(pageB == pageA.replacingOccurrences(of: tokenA, with: tokenB))
            // A token that a form carries back is this browser's: the favourite toggle works.
            let name = try #require(pageB.firstMatch(of: /data-repo="([^"]+)"/)?.1)
            let added = try await web.post("/favorites/toggle", form: ["repo": String(name), "csrf": tokenB], cookie: cookieB)
            #expect(added.status == .seeOther)
        }
    }

    /// A copy's validator comes from its digest, not from hashing it again: it must still name
    /// exactly that body (304 for the same page, a new tag when the page or the browser differs),
    /// and the field that carries the digest inside the server never reaches a client.
    @Test func aCopysValidatorNamesItsBytesAndItsCarrierStaysInside() async throws {
        try await WebHarness.run { web in
            let carrier = try #require(HTTPField.Name("x-starscope-body-digest"))
            let (cookieA, _) = try await web.csrf()
            let (cookieB, _) = try await web.csrf()
            var tags: [String] = []
            var bodies: [String] = []
            for _ in 0..<3 {
                let response = try await web.get("/", headers: [.cookie: cookieA])
                #expect(response.headers[carrier] == nil)
                tags.append(try #require(response.headers[.eTag]))
                bodies.append(String(buffer: response.body))
            }
            // The rows say how long ago things happened; where two bodies are the same, so are tags.
            for (index, body) in bodies.enumerated().dropFirst() where body == bodies[index - 1] {
                #expect(tags[index] == tags[index - 1])
            }
            // The same copy asked for again with its tag: 304. A minute passing in between (a busy
            // machine, a long run) changes what the rows say, and so the page and its tag: then the
            // new page must differ from the last, and its tag is asked for again.
            var tag = try #require(tags.last)
            var last = try #require(bodies.last)
            var revalidated = try await web.get("/", headers: [.cookie: cookieA, .ifNoneMatch: tag])
            for _ in 0..<3 where revalidated.status == .ok {
                let body = String(buffer: revalidated.body)
                #expect(body != last, "the same page answered 200 to its own tag")
                tag = try #require(revalidated.headers[.eTag])
                last = body
                revalidated = try await web.get("/", headers: [.cookie: cookieA, .ifNoneMatch: tag])
            }
            #expect(revalidated.status == .notModified)
            #expect(revalidated.headers[carrier] == nil)
            let head = try await web.client.execute(uri: "/", method: .head, headers: [.cookie: cookieA], body: nil)
            #expect(head.headers[carrier] == nil)
            // Another browser's copy differs by its token: another tag, so A's tag is no use to B.
            let other = try await web.get("/", headers: [.cookie: cookieB, .ifNoneMatch: tag])
            #expect(other.status == .ok)
            #expect(other.headers[.eTag] != tag)
            // What the page shows changes: the old tag no longer matches.
            let name = String(try #require(bodies.last?.firstMatch(of: /data-repo="([^"]+)"/)?.1))
            let token = try #require(bodies.last?.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/)?.1)
            _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": String(token)], cookie: cookieA)
            let changed = try await web.get("/", headers: [.cookie: cookieA, .ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(String(buffer: changed.body).contains("is-favorite"))
            // Gzipped, the copy is the same page.
            let gzipped = try await web.get("/", headers: [.cookie: cookieA, .acceptEncoding: "gzip"])
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(gzipped.headers[carrier] == nil)
        }
    }

    /// A detail opened from New & popular shows the list pane `/` shows, copied once rendered,
    /// with this browser's token in its forms, and anew once what it shows changes.
    @Test func aDetailsListIsTheListsOwnWithThisBrowsersToken() async throws {
        try await WebHarness.run { web in
            let (cookieA, tokenA) = try await web.csrf()
            let (cookieB, tokenB) = try await web.csrf()
            func pane(_ path: String, _ cookie: String) async throws -> String {
                let page = String(buffer: try await web.get(path, headers: [.cookie: cookie]).body)
                let start = try #require(page.range(of: "<section class=\"list-pane\""))
                let end = try #require(page.range(of: "<section class=\"detail-pane\""))
                return String(page[start.lowerBound..<end.lowerBound])
            }
            let name = String(try #require(try await pane("/", cookieA).firstMatch(of: /data-repo="([^"]+)"/)?.1))
            // The rows say how long ago things happened: a minute may turn between requests.
            var home = "", detailA = "", detailB = ""
            for _ in 0..<2 {
                home = try await pane("/", cookieA)
                detailA = try await pane("/repos/\(name)", cookieA)
                detailB = try await pane("/repos/\(name)", cookieB)
                if detailA == home && detailB == detailA.replacingOccurrences(of: tokenA, with: tokenB) { break }
            }
            #expect(detailA == home)
            #expect(detailA.contains("value=\"\(tokenA)\"") && !detailA.contains(tokenB))
            #expect(detailB == detailA.replacingOccurrences(of: tokenA, with: tokenB))
            #expect(!detailA.contains("is-favorite"))
            let added = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": tokenA], cookie: cookieA)
            #expect(added.status == .seeOther)
            let after = try await pane("/repos/\(name)", cookieA)
            #expect(after.contains("<li class=\"repo-row is-favorite\" data-repo=\"\(name)\" id="))
        }
    }

    @Test func whatThePageShowsChangesThePage() async throws {
        try await WebHarness.run { web in
            let (cookie, token) = try await web.csrf()
            let before = String(buffer: try await web.get("/", headers: [.cookie: cookie]).body)
            let name = String(try #require(before.firstMatch(of: /data-repo="([^"]+)"/)?.1))
            #expect(!before.contains("is-favorite"))
            _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie)
            let after = String(buffer: try await web.get("/", headers: [.cookie: cookie]).body)
            #expect(after.contains("<li class=\"repo-row is-favorite\" data-repo=\"\(name)\" id="))
            let dark = String(buffer: try await web.get("/", headers: [.cookie: cookie + "; theme=dark"]).body)
            #expect(dark != after)
            let day = String(buffer: try await web.get("/?since=day", headers: [.cookie: cookie]).body)
            #expect(day != after)
        }
    }
}

/// A count shared with a closure.
final class Counter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func add() { value.withLock { $0 += 1 } }
}
