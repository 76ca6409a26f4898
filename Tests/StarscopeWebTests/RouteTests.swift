import Foundation
import StarscopeCore
import Testing

@testable import StarscopeWeb

/// Typed routes: every link a page builds parses back to the same value, for pages and `/live` alike.
@Suite struct RouteTests {
    static let origins: [ListOrigin] = [
        .trending(TrendingList()),
        .trending(TrendingList(query: TrendingQuery(timeframe: .day, language: "C++", text: "a b&c=d"), page: 3)),
        .rising(RisingList(timeframe: .month)),
        .favorites(FavoritesList()),
        .favorites(FavoritesList(text: "swift ui", language: "Objective-C", sort: .stars)),
        .account(AccountList(login: "swiftlang")),
        .account(AccountList(login: "a-b", forks: true, page: 4)),
    ]

    @Test(arguments: origins) func aListLinkParsesBackToItsList(_ origin: ListOrigin) throws {
        #expect(try ListOrigin(link: origin.url.href) == origin)
    }

    @Test(arguments: origins) func aDetailLinkCarriesItsList(_ origin: ListOrigin) throws {
        let name = try RepositoryName(owner: "swiftlang", name: "swift")
        let href = SiteURL.repository(name, from: origin).href
        let components = try #require(URLComponents(string: href))
        #expect(components.path == "/repos/swiftlang/swift")
        #expect(try ListOrigin(detailQuery: QueryValues(components: components)) == origin)
    }

    @Test func theDefaultListIsThePlainRoot() throws {
        #expect(SiteURL.trending(TrendingList()).href == "/")
        #expect(SiteURL.repository(try RepositoryName(parsing: "a/b"), from: .trending(TrendingList())).href == "/repos/a/b")
        #expect(SiteURL.trending(TrendingList().with(page: 2)).href == "/?since=week&page=2")
        #expect(SiteURL.repository(try RepositoryName(parsing: "a/b"), from: .rising(RisingList())).href == "/repos/a/b?from=%2Frising")
    }

    @Test func formSpacesAndEncodedPlusesAreToldApart() {
        let values = QueryValues(rawQuery: "q=c%2B%2B+tools&language=Jupyter+Notebook&empty=&q=second")
        #expect(values["q"] == "c++ tools")
        #expect(values["language"] == "Jupyter Notebook")
        #expect(values["empty"] == "")
        #expect(values["missing"] == nil)
    }

    @Test(arguments: ["//evil.example/", "/repos/a/b", "/settings", "https://evil.example/", "/users/a/activity/x", "/rising?since=year"])
    func onlyListsCanBeOrigins(_ link: String) {
        #expect(throws: (any Error).self) { try ListOrigin(link: link) }
    }

    @Test func liveLinksReuseTheListsLink() {
        let url = SiteURL.live(list: .account(AccountList(login: "x", page: 2)), repository: nil).href
        #expect(url == "/live?list=%2Fusers%2Fx%3Fpage%3D2")
    }
}
