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
        let sort: GitHubSearch.Sort?
        switch values["sort"] {
        case nil, "", "best": sort = nil
        case let value?:
            guard let known = GitHubSearch.Sort(rawValue: value), kind == .repositories else {
                throw HTTPError(.badRequest, message: "“sort” must be best, stars, forks or updated (repositories only).")
            }
            sort = known
        }
        search = GitHubSearch(text: text, kind: kind, sort: sort)
        page = try values.page(
            maximum: Self.lastPage,
            message: "“page” must be a number from 1 to \(Self.lastPage): GitHub's search shows its first 1,000 results.")
    }

    func parameters() -> QueryBuilder {
        var builder = QueryBuilder()
        builder.add("q", search.text)
        if search.kind == .users { builder.add("type", "users") }
        builder.add("sort", search.sort?.rawValue)
        if page > 1 { builder.add("page", String(page)) }
        return builder
    }

    func with(page: Int) -> SearchList {
        var copy = self
        copy.page = page
        return copy
    }

    func with(kind: GitHubSearch.Kind) -> SearchList {
        SearchList(search: GitHubSearch(text: search.text, kind: kind, sort: search.sort))
    }

    func with(text: String) -> SearchList {
        SearchList(search: GitHubSearch(text: text, kind: search.kind, sort: search.sort))
    }

    /// The same search in another order, from its first page.
    func with(sort: GitHubSearch.Sort?) -> SearchList {
        SearchList(search: GitHubSearch(text: search.text, kind: search.kind, sort: sort))
    }

    /// Another search (a qualifier taken off, a language chosen), from its first page.
    func with(search: GitHubSearch) -> SearchList {
        SearchList(search: search)
    }
}
