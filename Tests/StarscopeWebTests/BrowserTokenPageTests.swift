import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import StarscopeWeb

/// Every browser gets the same New & popular and the same detail beside it, each with its own
/// CSRF token in its forms; anything the page shows that changes shows at once, with a new tag.
@Suite struct BrowserTokenPageTests {
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

    /// A page's validator names exactly its body: 304 for the same page, a new tag when the page
    /// or the browser differs.
    @Test func aPagesValidatorNamesItsBytes() async throws {
        try await WebHarness.run { web in
            let (cookieA, _) = try await web.csrf()
            let (cookieB, _) = try await web.csrf()
            var tags: [String] = []
            var bodies: [String] = []
            for _ in 0..<3 {
                let response = try await web.get("/", headers: [.cookie: cookieA])
                tags.append(try #require(response.headers[.eTag]))
                bodies.append(String(buffer: response.body))
            }
            // The rows say how long ago things happened; where two bodies are the same, so are tags.
            for (index, body) in bodies.enumerated().dropFirst() where body == bodies[index - 1] {
                #expect(tags[index] == tags[index - 1])
            }
            // The same page asked for again with its tag: 304. A minute passing in between (a busy
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
            // Another browser's page differs by its token: another tag, so A's tag is no use to B.
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
            // Gzipped, the same page.
            let gzipped = try await web.get("/", headers: [.cookie: cookieA, .acceptEncoding: "gzip"])
            #expect(gzipped.headers[.contentEncoding] == "gzip")
        }
    }

    /// A detail opened from New & popular shows the list pane `/` shows, with this browser's
    /// token in its forms, and anew once what it shows changes.
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

    /// A detail beside New & popular is the same page for every browser but for the token in its
    /// forms; marking it a favourite or saving its tags shows at once.
    @Test func aDetailBesideNewAndPopularCarriesEachBrowsersToken() async throws {
        try await WebHarness.run { web in
            let (cookieA, tokenA) = try await web.csrf()
            let (cookieB, tokenB) = try await web.csrf()
            let home = String(buffer: try await web.get("/", headers: [.cookie: cookieA]).body)
            let name = String(try #require(home.firstMatch(of: /data-repo="([^"]+)"/)?.1))
            // The rows and the detail say how long ago things happened: a minute may turn between requests.
            var pageA = "", pageB = ""
            for _ in 0..<2 {
                pageA = String(buffer: try await web.get("/repos/\(name)", headers: [.cookie: cookieA]).body)
                pageB = String(buffer: try await web.get("/repos/\(name)", headers: [.cookie: cookieB]).body)
                if pageB == pageA.replacingOccurrences(of: tokenA, with: tokenB) { break }
            }
            #expect(pageA.contains("name=\"csrf\" value=\"\(tokenA)\"") && !pageA.contains(tokenB))
            #expect(pageB == pageA.replacingOccurrences(of: tokenA, with: tokenB))
            #expect(pageA.contains("data-readme") || pageA.contains("star-history"))
            #expect(!pageA.contains("<article class=\"detail is-favorite\""))
            _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": tokenA], cookie: cookieA)
            let favorite = String(buffer: try await web.get("/repos/\(name)", headers: [.cookie: cookieA]).body)
            #expect(favorite.contains("<article class=\"detail is-favorite\""))
            _ = try await web.post(
                "/favorites/annotate", form: ["repo": name, "tags": "kept-once", "note": "", "csrf": tokenA], cookie: cookieA)
            let tagged = String(buffer: try await web.get("/repos/\(name)", headers: [.cookie: cookieA]).body)
            #expect(tagged.contains("value=\"kept-once\""))
        }
    }
}
