import Foundation
import Hummingbird
import StarscopeCore

/// A search of all of GitHub, carried in its URL: `/search?q=language:swift+stars:>100&page=2`,
/// or `/search?q=octo&type=users` for people.
struct SearchList: Hashable, Sendable {
    /// Rows a page shows; GitHub is still asked for 100 at a time.
    static let rowsPerPage = 25
    static var lastPage: Int { RowWindow(page: 1, rows: rowsPerPage).lastSearchPage }

    var search: GitHubSearch
    var page: Int

    init(search: GitHubSearch = GitHubSearch(text: ""), page: Int = 1) {
        self.search = search
        self.page = page
    }

    /// Strict: a query longer than GitHub takes, another `type` or a page past GitHub's first
    /// 1,000 results is refused with one sentence.
    init(_ values: QueryValues) throws {
        let text = values["q"] ?? ""
        guard text.count <= TrendingQuery.maximumQueryLength else {
            throw HTTPError(
                .badRequest, message: "The search is too long: GitHub accepts at most \(TrendingQuery.maximumQueryLength) characters.")
        }
        let kind: GitHubSearch.Kind
        switch values["type"] {
        case nil, "", "repositories": kind = .repositories
        case "users": kind = .users
        default: throw HTTPError(.badRequest, message: "“type” must be repositories or users.")
        }
        search = GitHubSearch(text: text, kind: kind)
        page = try values.page(
            maximum: Self.lastPage,
            message: "“page” must be a number from 1 to \(Self.lastPage): GitHub's search shows its first 1,000 results.")
    }

    func parameters() -> QueryBuilder {
        var builder = QueryBuilder()
        builder.add("q", search.text)
        if search.kind == .users { builder.add("type", "users") }
        if page > 1 { builder.add("page", String(page)) }
        return builder
    }

    func with(page: Int) -> SearchList {
        var copy = self
        copy.page = page
        return copy
    }

    func with(kind: GitHubSearch.Kind) -> SearchList {
        SearchList(search: GitHubSearch(text: search.text, kind: kind))
    }

    func with(text: String) -> SearchList {
        SearchList(search: GitHubSearch(text: text, kind: search.kind))
    }
}
