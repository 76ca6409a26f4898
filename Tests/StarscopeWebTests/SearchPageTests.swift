import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeTestSupport
import Testing

@testable import StarscopeWeb

/// `/search` (all of GitHub: repositories of any age and people), `/open` with account links,
/// and Favourites search over tags and notes, in process against the fake GitHub.
@Suite struct SearchPageTests {
    static func values(_ html: String, of attribute: String) -> [String] {
        html.components(separatedBy: "\(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func repositoriesOfAnyAgeAreFoundAndTheirDetailGoesBackToTheSearch() async throws {
        try await WebHarness.run { web in
            let old = try #require(
                web.fake.dataset.repositories.filter {
                    !$0.fork && !$0.isPrivate && $0.createdAt < Date().addingTimeInterval(-400 * 86_400)
                }
                .first)
            let query = "\(old.name) user:\(old.ownerLogin)"
            let uri = SiteURL.search(SearchList(search: .init(text: query))).href
            let (status, html, _) = try await web.page(uri)
            #expect(status == .ok)
            #expect(Self.values(html, of: "data-repo").contains(old.fullName))
            #expect(html.contains("value=\"\(query)\""))
            // The help, the topic picker and the new-repository lists as filters of the search.
            #expect(html.contains("<details class=\"search-help\">"))
            #expect(html.contains("data-topic=\"swift\""))
            #expect(html.contains("data-only-new=\"week\""))
            // The detail opened from it goes back to the search, not to New & popular.
            let detailLink = try #require(Self.values(html, of: "href").first { $0.hasPrefix("/repos/\(old.fullName)?from=") })
            let (detailStatus, detail, _) = try await web.page(detailLink.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(detailStatus == .ok)
            #expect(detail.contains("data-detail=\"\(old.fullName)\""))
            #expect(detail.contains("← Back to Search"))
            // …to the row it was opened from, as from any list of repositories.
            let back = uri.replacingOccurrences(of: "&", with: "&amp;") + "#" + RepositoryRow.anchor(old.fullName)
            #expect(detail.contains("class=\"back\" href=\"\(back)\""))
        }
    }

    @Test(arguments: [
        SearchList(), SearchList(search: .init(text: "language:swift stars:>100 \"two words\" c++ 100%")),
        SearchList(search: .init(text: "octo", kind: .users), page: 3), SearchList(search: .init(text: "topic:cli"), page: 40),
        SearchList(search: .init(text: "cli", sort: .stars), page: 2), SearchList(search: .init(text: "cli", sort: .updated)),
    ])
    func addressesParseBackToTheSameSearch(list: SearchList) throws {
        let href = SiteURL.search(list).href
        #expect(href.hasPrefix("/search"))
        let components = try #require(URLComponents(string: href))
        #expect(try SearchList(QueryValues(components: components)) == list)
        #expect(try ListOrigin(link: href) == .search(list))
        #expect(ListOrigin.search(list).url == .search(list))
    }

    /// One search: the header's box holds the query in force, and no second box can disagree
    /// with it; the lists' own boxes say what they filter.
    @Test func oneSearchBoxHoldsTheQueryInForce() async throws {
        try await WebHarness.run { web in
            let (_, html, _) = try await web.page("/search?q=language%3Aswift+%3Cb%3E")
            #expect(html.components(separatedBy: "type=\"search\"").count - 1 == 1)
            #expect(html.contains("id=\"top-search-q\" name=\"q\" type=\"search\" value=\"language:swift &lt;b&gt;\""))
            let (_, people, _) = try await web.page("/search?q=octo&type=users")
            #expect(people.contains("<input type=\"hidden\" name=\"type\" value=\"users\">"))
            #expect(people.contains("id=\"top-search-q\" name=\"q\" type=\"search\" value=\"octo\""))
            // Without a detail, no pane waits for one: the list takes the width.
            #expect(html.contains("<section class=\"detail-pane\" aria-label=\"Repository detail\"></section>"))
            #expect(!html.contains("Choose a repository"))
            let (_, rising, _) = try await web.page("/rising")
            #expect(rising.contains("id=\"top-search-q\" name=\"q\" type=\"search\" value=\"\""))
            let (_, trending, _) = try await web.page("/?since=month")
            #expect(trending.contains("<label for=\"q\">Filter these repositories</label>"))
            let (_, favorites, _) = try await web.page("/favorites")
            #expect(favorites.contains("<label for=\"fq\">Filter favourites</label>"))
        }
    }

    /// Search that helps: GitHub's orders, languages with how many of the results at hand are in
    /// each, and the qualifiers in force as chips that take them off.
    @Test func searchesCanBeOrderedNarrowedByLanguageAndUnqualified() async throws {
        try await WebHarness.run { web in
            await web.fake.clearRequests()
            let (status, html, _) = try await web.page("/search?q=cli+stars%3A%3E10&sort=stars")
            #expect(status == .ok)
            let asked = try #require(await web.fake.requests().first { $0.path == "/search/repositories" })
            #expect(asked.query?.contains("sort=stars") == true)
            let stars = Self.values(html, of: "data-stars").compactMap(Int.init)
            #expect(!stars.isEmpty && stars == stars.sorted(by: >))
            #expect(
                html.contains(
                    "<a class=\"segment\" href=\"/search?q=cli%20stars%3A%3E10&amp;sort=stars\" aria-current=\"true\" data-sort=\"stars\">Stars</a>"
                ))
            // The header's box keeps the order for the next query.
            #expect(html.contains("<input type=\"hidden\" name=\"sort\" value=\"stars\">"))
            // The qualifier, removable; the words stay, and so does the order.
            #expect(
                html.contains("href=\"/search?q=cli&amp;sort=stars\" data-qualifier=\"stars:&gt;10\" aria-label=\"Remove stars:&gt;10\""))
            // A language narrows to it, replacing any other.
            let chips = AudienceTests.languageChips(html)
            let (language, count) = try #require(chips.first)
            #expect(chips.map(\.1) == chips.map(\.1).sorted(by: >))
            let narrowed = try #require(
                Self.values(html, of: "href").first { $0.contains("language%3A") && $0.contains(language.prefix(3)) })
            let (_, only, _) = try await web.page(narrowed.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(only.contains("data-qualifier=\"language:"))
            #expect(Self.values(only, of: "data-repo").count >= min(count, SearchList.rowsPerPage))
            // Unknown orders, and orders of people, are refused in one sentence.
            #expect(try await web.page("/search?q=cli&sort=size").status == .badRequest)
            #expect(try await web.page("/search?q=octo&type=users&sort=stars").status == .badRequest)
        }
    }

    @Test func peopleAreFoundByTheFirstLettersOfTheirLogin() async throws {
        try await WebHarness.run { web in
            let (status, html, _) = try await web.page("/search?q=octo&type=users")
            #expect(status == .ok)
            #expect(Self.values(html, of: "data-login").first == "octocat")
            #expect(html.contains("href=\"/users/octocat\""))
            // The People page's box searches people; the exact jump still works.
            #expect(try await web.page("/users").html.contains("<input type=\"hidden\" name=\"type\" value=\"users\">"))
            #expect(try await web.get("/users/go?login=octocat").headers[.location] == "/users/octocat")
        }
    }

    @Test(arguments: [
        "/search?type=gists", "/search?q=a&page=0", "/search?q=a&page=41", "/search?q=" + String(repeating: "a", count: 257),
    ])
    func badSearchesAreRefusedInOneSentence(uri: String) async throws {
        try await WebHarness.run { web in
            let (status, html, _) = try await web.page(uri)
            #expect(status == .badRequest)
            #expect(!html.contains("data-repo="))
        }
    }

    @Test func aQualifierGitHubCannotReadAndAUsedUpLimitAreOneSentenceEach() async throws {
        try await WebHarness.run { web in
            let (_, bad, _) = try await web.page("/search?q=stars%3Alots")
            #expect(bad.contains("GitHub could not read that search: check its qualifiers"))
            #expect(bad.contains("role=\"alert\""))
            await web.fake.setRemaining(0, resource: "search")
            let (_, limited, _) = try await web.page("/search?q=octo&type=users")
            #expect(limited.contains("search rate limit is used up"))
            #expect(!limited.contains("data-login=\"octocat\""))
        }
    }

    @Test func hostileQueriesAreEscapedEverywhere() async throws {
        try await WebHarness.run { web in
            let hostile = "\"><script>alert(1)</script>"
            let uri = SiteURL.search(SearchList(search: .init(text: hostile))).href
            let (status, html, _) = try await web.page(uri)
            #expect(status == .ok)
            #expect(!html.contains("<script>alert(1)"))
            #expect(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    @Test func anEmptySearchOffersTheTopicPickerOpenAndAsksNothingOfGitHub() async throws {
        try await WebHarness.run { web in
            await web.fake.clearRequests()
            let (status, html, _) = try await web.page("/search")
            #expect(status == .ok)
            #expect(html.contains("<details class=\"topic-picker\" open>"))
            #expect(html.contains("href=\"/search?q=topic%3Aswift\""))
            #expect(await web.fake.requests().filter { $0.path.hasPrefix("/search/") }.isEmpty)
            // Every page's header has the box that searches all of GitHub.
            #expect(try await web.page("/rising").html.contains("<form class=\"top-search\" method=\"get\" action=\"/search\""))
        }
    }

    @Test func theTopicsOfYourFavouritesAreOffered() async throws {
        try await WebHarness.run { web in
            let tagged = try #require(web.fake.dataset.repositories.first { !$0.topics.isEmpty && !$0.isPrivate })
            let (cookie, token) = try await web.csrf()
            _ = try await web.post("/favorites/toggle", form: ["repo": tagged.fullName, "csrf": token], cookie: cookie)
            let html = try await web.page("/search").html
            let yours = try #require(html.components(separatedBy: "Your favourites' topics").dropFirst().first)
            let offered = Self.values(try #require(yours.components(separatedBy: "Popular topics").first), of: "data-topic")
            #expect(offered.contains(tagged.topics[0].lowercased()))
        }
    }

    @Test func accountLinksOpenTheAccountAndOthersAreRefused() async throws {
        try await WebHarness.run { web in
            let user = try await web.get("/open?link=" + HTML.query("https://github.com/octocat"))
            #expect(user.status == .found)
            #expect(user.headers[.location] == "/users/octocat")
            let org = try await web.get("/open?link=" + HTML.query("https://github.com/orgs/swiftlang"))
            #expect(org.headers[.location] == "/users/swiftlang")
            let repo = try await web.get("/open?link=" + HTML.query("https://github.com/octocat/hello"))
            #expect(repo.headers[.location]?.hasPrefix("/repos/octocat/hello") == true)
            let (status, html, _) = try await web.page("/open?link=" + HTML.query("https://github.com/settings"))
            #expect(status == .badRequest)
            #expect(html.contains("is not a link Starscope can open"))
        }
    }

    @Test(arguments: [StoreKind.sqlite, StoreKind.postgres])
    func favouritesSearchCoversYourTagsAndNotes(store: StoreKind) async throws {
        try await WebHarness.run(store: store) { web in
            let picks = web.fake.dataset.repositories.filter { !$0.isPrivate }.prefix(3).map(\.fullName)
            let (cookie, token) = try await web.csrf()
            for name in picks { _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie) }
            _ = try await web.post(
                "/favorites/annotate", form: ["repo": picks[0], "tags": "zebrawood", "note": "", "csrf": token], cookie: cookie)
            _ = try await web.post(
                "/favorites/annotate", form: ["repo": picks[1], "tags": "", "note": "Ask Quokka about it", "csrf": token], cookie: cookie)
            func shown(_ q: String) async throws -> [String] {
                Self.values(try await web.page("/favorites?q=" + HTML.query(q)).html, of: "data-repo")
            }
            #expect(try await shown("ZEBRAwood") == [picks[0]])
            #expect(try await shown("quokka") == [picks[1]])
            #expect(try await shown("quokka zebrawood").isEmpty)
        }
    }
}
