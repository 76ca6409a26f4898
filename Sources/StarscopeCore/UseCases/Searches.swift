import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// One window of a search of all of GitHub, and what GitHub said about the whole search.
public struct SearchWindow<Item: Sendable>: Sendable {
    public var items: [Item]
    /// The next window's number, if there is one within GitHub's first 1,000 results.
    public var nextPage: Int?
    /// How many matches GitHub counted (more than can be read past 1,000).
    public var totalCount: Int
    /// GitHub's search ran out of time and some results may be missing.
    public var incomplete: Bool
    /// The languages of the results GitHub gave with this window (up to 100, the viewer's own),
    /// most first: what narrowing to each would keep of them.
    public var languages: [LanguageCount] = []
    /// How many results `languages` counted.
    public var counted = 0
}

/// A language and how many results at hand are written in it.
public struct LanguageCount: Hashable, Sendable {
    public var language: String
    public var count: Int

    public init(language: String, count: Int) {
        self.language = language
        self.count = count
    }

    /// Counts of `items`' languages, most first, then by name; those without one are left out.
    public static func of(_ items: [Repository], most: Int = 8) -> [LanguageCount] {
        var counts: [String: Int] = [:]
        for item in items {
            if let language = item.language, !language.isEmpty { counts[language, default: 0] += 1 }
        }
        return counts.map { LanguageCount(language: $0.key, count: $0.value) }
            .sorted { ($1.count, $0.language) < ($0.count, $1.language) }
            .prefix(most).map { $0 }
    }
}

public struct Searches: UseCase {
    let context: ReadContext

    /// Repositories of any age matching `search` (GitHub's best match first), as many as
    /// `limit`; for the terminal.
    public func searchRepositories(_ search: GitHubSearch, limit: Int) async throws(StarscopeError) -> ListResult<Repository> {
        let q = try search.searchQuery()
        let perPage = pageSize(forLimit: limit)
        let first: Page<Repository>
        do {
            first = try await github.searchRepositories(query: q, sort: nil, perPage: perPage)
        } catch {
            throw Self.searchError(StarscopeError(error, about: .search), gitHub: error)
        }
        let result = try await collect(limit: limit, perPage: perPage, about: .search, progress: nil) { first }
        if !result.isStored { await observe(result.items) }
        return result
    }

    /// Accounts matching `search` (a prefix of a login finds it), as many as `limit`.
    public func searchUsers(_ search: GitHubSearch, limit: Int) async throws(StarscopeError) -> ListResult<Account> {
        let q = try search.searchQuery()
        let perPage = pageSize(forLimit: limit)
        let first: Page<Account>
        do {
            first = try await client.searchUsers(query: q, perPage: perPage)
        } catch {
            throw Self.searchError(StarscopeError(error, about: .search), gitHub: error)
        }
        return try await collect(limit: limit, perPage: perPage, about: .search, progress: nil) { first }
    }

    /// One window of repositories matching `search` (see `RowWindow`), for the web app.
    public func searchRepositoriesPage(_ search: GitHubSearch, page: Int, rows: Int) async throws(StarscopeError) -> SearchWindow<
        Repository
    > {
        let q = try search.searchQuery()
        let window = RowWindow(page: page, rows: rows)
        do {
            let result = try await upstreamSearchPage(q, sort: search.sort, page: window.upstreamPage)
            if !result.isStored { await observe(result.items) }
            let shown = result.items
            let (items, next) = window.cut(shown, upstreamHasNext: result.links.next != nil)
            return SearchWindow(
                items: items, nextPage: next.flatMap { $0 <= window.lastSearchPage ? $0 : nil },
                totalCount: result.totalCount ?? items.count,
                incomplete: result.incompleteResults, languages: LanguageCount.of(shown), counted: shown.count)
        } catch {
            throw Self.searchError(StarscopeError(error, about: .search), gitHub: error)
        }
    }

    /// One window of accounts matching `search`, for the web app.
    public func searchUsersPage(_ search: GitHubSearch, page: Int, rows: Int) async throws(StarscopeError) -> SearchWindow<Account> {
        let q = try search.searchQuery()
        let window = RowWindow(page: page, rows: rows)
        do {
            let result = try await client.searchUsers(query: q, perPage: RowWindow.upstreamPageSize, page: window.upstreamPage)
            let (items, next) = window.cut(result.items, upstreamHasNext: result.links.next != nil)
            return SearchWindow(
                items: items, nextPage: next.flatMap { $0 <= window.lastSearchPage ? $0 : nil },
                totalCount: result.totalCount ?? items.count,
                incomplete: result.incompleteResults)
        } catch {
            throw Self.searchError(StarscopeError(error, about: .search), gitHub: error)
        }
    }

    /// A refused search (422) told as what to change; every other failure as it is.
    static func searchError(_ error: StarscopeError, gitHub: GitHubError? = nil) -> StarscopeError {
        if case .validationFailed(let message)? = gitHub { return GitHubSearch.refused(message) }
        return error
    }
}

extension UseCase {
    /// GitHub's page `page` (100 results) of the repository search `q`, asked as this viewer may
    /// ask it: the one request a search page and its live counts both send, so they share its
    /// kept answer.
    func upstreamSearchPage(_ q: String, sort: GitHubSearch.Sort?, page: Int) async throws(GitHubError) -> Page<Repository> {
        try await github.searchRepositories(query: q, sort: sort?.rawValue, perPage: RowWindow.upstreamPageSize, page: page)
    }
}
