import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StarscopeModels
import Testing

@testable import StarscopeWeb

/// The Atom feeds of New & popular and Rising, in process with the fake GitHub behind them.
@Suite struct FeedTests {
    static func parse(_ response: TestResponse) throws -> ParsedXML.Element {
        try #require(ParsedXML(String(buffer: response.body))?.root)
    }

    @Test func trendingFeedIsAtomWithTheListsFiltersAndAbsoluteLinks() async throws {
        try await WebHarness.run { web in
            await web.fake.clearRequests()
            let response = try await web.get("/feeds/trending.atom?since=month&language=Swift&sort=forks&page=3")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/atom+xml; charset=utf-8")
            // The one user's feed may hold the token's private repositories: no shared cache keeps it.
            #expect(response.headers[.cacheControl] == "private, no-cache")
            #expect(response.headers[.lastModified]?.hasSuffix(" GMT") == true)
            // The filters reach GitHub's search; the feed is always the list's first rows.
            let search = try #require(await web.fake.requests().first { $0.path == "/search/repositories" })
            let query = search.query?.removingPercentEncoding ?? ""
            #expect(query.contains("language:Swift"))
            #expect(query.contains("created:>"))
            #expect(query.contains("sort=forks"))
            #expect(query.contains("page=1"))

            let feed = try Self.parse(response)
            #expect(feed.name == "feed")
            #expect(feed.child("id")?.text == "tag:starscope,2026:feeds/trending.atom?since=month&language=Swift&sort=forks")
            #expect(feed.child("title")?.text == "Starscope: New & popular this month in Swift")
            let links = feed.children("link")
            #expect(
                links.first { $0.attributes["rel"] == "self" }?.attributes["href"]
                    == "http://localhost/feeds/trending.atom?since=month&language=Swift&sort=forks")
            #expect(
                links.first { $0.attributes["rel"] == "alternate" }?.attributes["href"]
                    == "http://localhost/?since=month&language=Swift&sort=forks")
            let entries = feed.children("entry")
            #expect((1...FeedsController.entryLimit).contains(entries.count))
            for entry in entries {
                let title = try #require(entry.child("title")?.text)
                #expect(entry.child("id")?.text?.hasPrefix("tag:starscope,2026:trending/repo/") == true)
                #expect(entry.child("link")?.attributes["href"] == "https://github.com/\(title)")
                #expect(entry.child("summary")?.text?.contains("★ ") == true)
                #expect(entry.child("updated")?.text?.isEmpty == false)
            }
            // The newest entry dates the feed.
            let dates = entries.compactMap { $0.child("updated")?.text }
            #expect(feed.child("updated")?.text == dates.max())
        }
    }

    @Test func aRepeatWithTheETagIs304WithNoBody() async throws {
        try await WebHarness.run { web in
            let first = try await web.get("/feeds/trending.atom?since=week")
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            let again = try await web.get("/feeds/trending.atom?since=week", headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == tag)
            let weak = try await web.get("/feeds/trending.atom?since=week", headers: [.ifNoneMatch: "\"x\", W/\(tag)"])
            #expect(weak.status == .notModified)
            let other = try await web.get("/feeds/trending.atom?since=week", headers: [.ifNoneMatch: "\"not-it\""])
            #expect(other.status == .ok)
            #expect(other.headers[.eTag] == tag)
            #expect(String(buffer: other.body) == String(buffer: first.body))
            // Another list is another feed.
            let day = try await web.get("/feeds/trending.atom?since=day", headers: [.ifNoneMatch: tag])
            #expect(day.status == .ok)
            #expect(day.headers[.eTag] != tag)
            // A proxy header from a peer that is no trusted proxy changes nothing.
            let forged = try await web.get(
                "/feeds/trending.atom?since=week", headers: [try #require(HTTPField.Name("X-Forwarded-Proto")): "https"])
            #expect(String(buffer: forged.body) == String(buffer: first.body))
            #expect(forged.headers[.eTag] == tag)
        }
    }

    @Test func behindATrustedProxyThatSaysHTTPSFeedLinksAreHTTPS() async throws {
        try await WebHarness.run(live: true, configure: { $0.trustedProxies = [IPNetwork("127.0.0.1/32")].compactMap { $0 } }) { web in
            let plain = try await web.get("/feeds/trending.atom?since=week")
            let proxied = try await web.get(
                "/feeds/trending.atom?since=week", headers: [try #require(HTTPField.Name("X-Forwarded-Proto")): "https"])
            #expect(String(buffer: plain.body).contains("href=\"http://localhost/feeds/trending.atom\""))
            #expect(String(buffer: proxied.body).contains("href=\"https://localhost/feeds/trending.atom\""))
            // The ETag follows the bytes.
            #expect(proxied.headers[.eTag] != plain.headers[.eTag])
        }
    }

    @Test func risingFeedRanksGainsWithTheirSpan() async throws {
        try await WebHarness.run { web in
            let empty = try await web.get("/feeds/rising.atom?since=day")
            #expect(empty.status == .ok)
            #expect(try Self.parse(empty).children("entry").isEmpty)
            #expect(try Self.parse(empty).child("subtitle")?.text?.contains("Not enough history yet") == true)
            let now = Date()
            for (id, stars, ago) in [(1, 10, 7_200.0), (1, 30, 60.0), (2, 5, 7_200.0), (2, 90, 60.0)] {
                let repository = Repository(
                    id: Int64(id), name: "r\(id)", fullName: "o/r\(id)", owner: Account(id: 9, login: "o"),
                    htmlURL: id == 1 ? "javascript:alert(1)" : "https://github.com/o/r\(id)", createdAt: now - 86_400,
                    stargazersCount: stars)
                try await web.services.database.observe([repository], for: .owner, at: now - ago)
            }
            let response = try await web.get("/feeds/rising.atom?since=day")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/atom+xml; charset=utf-8")
            let feed = try Self.parse(response)
            #expect(feed.child("id")?.text == "tag:starscope,2026:feeds/rising.atom?since=day")
            #expect(feed.child("title")?.text == "Starscope: Rising today")
            let start = AtomFeed.timestamp(try #require(try await web.services.database.oldestStarSample()))
            #expect(feed.child("subtitle")?.text?.contains("Starscope's star history begins at \(start)") == true)
            #expect(
                feed.children("link").first { $0.attributes["rel"] == "alternate" }?.attributes["href"]
                    == "http://localhost/rising?since=day")
            let entries = feed.children("entry")
            #expect(entries.map { $0.child("title")?.text } == ["o/r2", "o/r1"])
            #expect(
                entries.map { $0.child("id")?.text } == ["tag:starscope,2026:rising/day/repo/2", "tag:starscope,2026:rising/day/repo/1"])
            #expect(entries[0].child("summary")?.text?.hasPrefix("+85 stars in 1h 59m · No description provided. · ★ 90") == true)
            #expect(entries[0].child("link")?.attributes["href"] == "https://github.com/o/r2")
            // A link that is not http(s) is replaced by the repository's page here.
            #expect(entries[1].child("link")?.attributes["href"] == "http://localhost/repos/o/r1?from=%2Frising%3Fsince%3Dday")
            let tag = try #require(response.headers[.eTag])
            #expect(try await web.get("/feeds/rising.atom?since=day", headers: [.ifNoneMatch: tag]).status == .notModified)
            #expect(try await web.get("/feeds/rising.atom?since=year").status == .badRequest)
            #expect(try await web.get("/feeds/trending.atom?since=year").status == .badRequest)
        }
    }

    @Test func pagesAnnounceTheirFeedInTheHeadAndShowALink() async throws {
        try await WebHarness.run { web in
            let (_, home, _) = try await web.page("/")
            #expect(
                home.contains(
                    "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Starscope: New &amp; popular this week\" href=\"/feeds/trending.atom\">"
                ))
            let (_, filtered, _) = try await web.page("/?since=day&language=Swift&q=a%3Cb&page=2")
            #expect(
                filtered.contains(
                    "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Starscope: New &amp; popular today in Swift matching “a&lt;b”\" href=\"/feeds/trending.atom?since=day&amp;language=Swift&amp;q=a%3Cb\">"
                ))
            #expect(
                filtered.contains(
                    "<a class=\"feed-link\" href=\"/subscribe?feed=%2Ffeeds%2Ftrending.atom%3Fsince%3Dday%26language%3DSwift%26q%3Da%253Cb\""
                ))
            let (_, rising, _) = try await web.page("/rising?since=month")
            #expect(
                rising.contains(
                    "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Starscope: Rising this month\" href=\"/feeds/rising.atom?since=month\">"
                ))
            #expect(rising.contains("<a class=\"feed-link\" href=\"/subscribe?feed=%2Ffeeds%2Frising.atom%3Fsince%3Dmonth\""))
            // Pages without a feed announce none.
            let (_, favorites, _) = try await web.page("/favorites")
            #expect(!favorites.contains("application/atom+xml"))
        }
    }

    @Test func hostileTextStaysWellFormed() async throws {
        var configuration = WebHarness.smallWorld()
        configuration.hostile = true
        try await WebHarness.run(configuration) { web in
            for query in ["since=month", "since=month&sort=updated", "since=day&q=%3C%26%5D%5D%3E"] {
                let response = try await web.get("/feeds/trending.atom?\(query)")
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                #expect(!text.contains("<script"))
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
                let feed = try Self.parse(response)
                for entry in feed.children("entry") {
                    #expect((entry.child("summary")?.text?.count ?? 0) < 1_000)
                }
                if query.contains("q=") {
                    #expect(feed.child("title")?.text == "Starscope: New & popular today matching “<&]]>”")
                } else {
                    #expect(feed.children("entry").count > 10, "\(query)")
                }
            }
        }
    }

    @Test func withSignInRequiredFeedsNeedASessionAndSay401() async throws {
        try await WebHarness.run(requireSignIn: true) { web in
            for path in ["/feeds/trending.atom", "/feeds/rising.atom?since=day"] {
                let response = try await web.get(path)
                #expect(response.status == .unauthorized, "\(path)")
                #expect(response.headers[.location] == nil)
            }
            #expect(await web.fake.requests().isEmpty)
            let code = await web.services.signIn.gate.issue()
            let cookie = try #require(SignInTests.sessionCookie(try await web.get("/signin?code=\(code)")))
            let feed = try await web.get("/feeds/trending.atom", headers: [.cookie: cookie.pair])
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "application/atom+xml; charset=utf-8")
        }
    }
}
