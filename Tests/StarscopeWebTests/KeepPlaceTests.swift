import Foundation
import StarscopeCore
import Testing

@testable import StarscopeWeb

/// Issue 27, point 3: Back from a detail names the page it was opened from, and without script
/// its link shows the row in context (the page that holds it, marked, with the row's anchor).
@Suite struct KeepPlaceTests {
    static let pagesThatAreNotLists: [ListOrigin] = [.updates, .activity(login: "octo-cat")]

    @Test(arguments: pagesThatAreNotLists) func updatesAndActivityAreOriginsThatParseBack(_ origin: ListOrigin) throws {
        #expect(try ListOrigin(link: origin.url.href) == origin)
        let href = SiteURL.repository(try RepositoryName(parsing: "a/b"), from: origin).href
        let components = try #require(URLComponents(string: href))
        #expect(try ListOrigin(detailQuery: QueryValues(components: components)) == origin)
    }

    @Test(arguments: [
        "/updates/x", "/users/-a/activity", "/users/a.b/activity", "/users/a/activity/more", "/users/a/b", "//updates", "/updates?page=2",
        "/users/a/activity?x=1",
    ])
    func originsStayStrict(_ link: String) {
        #expect(throws: (any Error).self) { try ListOrigin(link: link) }
    }

    /// The `href` of the detail's `a.back`, and its label.
    static func back(_ html: String) throws -> (href: String, label: String) {
        let start = try #require(html.range(of: "<a class=\"back\" href=\""))
        let rest = html[start.upperBound...]
        let quote = try #require(rest.firstIndex(of: "\""))
        let close = try #require(rest.range(of: "</a>"))
        let label = rest[rest.index(quote, offsetBy: 2)..<close.lowerBound]
        return (rest[..<quote].replacingOccurrences(of: "&amp;", with: "&"), String(label))
    }

    static func firstDetailLink(_ html: String) throws -> String {
        let start = try #require(html.range(of: "class=\"repo-link\" href=\""))
        let rest = html[start.upperBound...]
        return rest[..<(try #require(rest.firstIndex(of: "\"")))].replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func withoutScriptBackFromPageThreeShowsThatPageMarkedWithTheRowInIt() async throws {
        try await WebHarness.run { web in
            let list = try await web.page("/?since=week&page=3")
            #expect(list.status == .ok)
            #expect(list.html.contains("data-page-mark=\"3\">Page 3 · <a href=\"/\">Show from the first page</a>"))
            let detail = try Self.firstDetailLink(list.html)
            #expect(detail.hasSuffix("?since=week&page=3"))
            let page = try await web.page(detail)
            let back = try Self.back(page.html)
            #expect(back.label == "← Back to New &amp; popular")
            let parts = back.href.split(separator: "#", maxSplits: 1).map(String.init)
            #expect(parts.count == 2 && parts[0] == "/?since=week&page=3")
            let name = String(detail.dropFirst("/repos/".count).prefix { $0 != "?" })
            #expect(parts.last == "repo-" + name.replacingOccurrences(of: "/", with: "--"))
            let target = try await web.page(parts[0])
            #expect(target.html.contains("data-repo=\"\(name)\" id=\"\(parts[1])\""))
            #expect(target.html.contains("data-page-mark=\"3\""))
            // The first page has no mark, and its rows their anchors.
            let first = try await web.page("/")
            #expect(!first.html.contains("data-page-mark"))
        }
    }

    @Test func everyBackLabelNamesThePageTheDetailWasOpenedFrom() async throws {
        try await WebHarness.run { web in
            let name = String(try Self.firstDetailLink(try await web.page("/").html).dropFirst("/repos/".count))
            let anchor = "#repo-" + name.replacingOccurrences(of: "/", with: "--")
            let cases: [(from: String?, label: String, href: String)] = [
                (nil, "New &amp; popular", "/" + anchor),
                ("/rising", "Rising", "/rising" + anchor),
                ("/favorites?tag=cli", "Favourites", "/favorites?tag=cli" + anchor),
                ("/users/octocat", "octocat", "/users/octocat" + anchor),
                ("/updates", "Updates", "/updates"),
                ("/users/octocat/activity", "octocat’s activity", "/users/octocat/activity"),
            ]
            for item in cases {
                let query = item.from.map { "?from=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") } ?? ""
                let page = try await web.page("/repos/\(name)\(query)")
                #expect(page.status == .ok, "\(item.from ?? "/")")
                let back = try Self.back(page.html)
                #expect(back.label == "← Back to \(item.label)", "\(item.from ?? "/")")
                #expect(back.href == item.href, "\(item.from ?? "/")")
            }
        }
    }

    @Test func updatesAndActivityLinkToDetailsThatLeadBackToThem() async throws {
        try await WebHarness.run { web in
            let activity = try await web.page("/users/octocat/activity")
            #expect(activity.html.contains("?from=%2Fusers%2Foctocat%2Factivity\""))
            #expect(!activity.html.contains("href=\"/repos/") || !activity.html.contains("?since=week\""))
            let updates = SiteURL.repository(try RepositoryName(parsing: "a/b"), from: .updates).href
            #expect(updates == "/repos/a/b?from=%2Fupdates")
        }
    }

    @Test func favouritesPastTheFirstPageSayWhichPageTheyShow() {
        let second = PageViewTests.favorites(FavoritesList(tag: "cli", page: 2)).pane(PageViewTests.context).markup
        #expect(
            second.contains(
                "<p class=\"page-mark\" data-page-mark=\"2\">Page 2 · <a href=\"/favorites?tag=cli\">Show from the first page</a></p>"))
        #expect(second.contains("id=\"repo-fern--lab\""))
        let first = PageViewTests.favorites(FavoritesList(tag: "cli")).pane(PageViewTests.context).markup
        #expect(!first.contains("page-mark"))
    }
}
