import Foundation
import GitHubAPI
import StarscopeModels

/// An account's repositories, sorted and filtered as the user asks.
extension Explorer {
    /// The most repositories read to sort an account's list by stars (ten requests of 100).
    public static let starSortScanLimit = 1_000

    /// An account's repositories in the query's order, filtered, up to `limit`. By stars, the
    /// first `starSortScanLimit` repositories (most recently pushed) are read and sorted here.
    public func repositories(of login: String, query: AccountRepositoryQuery, limit: Int, progress: PageProgress? = nil)
        async throws(StarscopeError) -> ListResult<Repository>
    {
        try Self.checkLogin(login)
        let wanted = query.sort == .stars ? max(limit, Self.starSortScanLimit) : limit
        var result = try await collect(
            limit: wanted, perPage: 100, about: .account(login), progress: progress, keep: { shows($0) && query.keeps($0) }
        ) {
            () async throws(GitHubError) in
            try await client.repositories(of: login, perPage: 100, sort: query.gitHubSort)
        }
        if !result.isStored { await observe(result.items) }
        if query.sort == .stars {
            result.items = Array(result.items.sorted(by: AccountRepositoryQuery.byStars).prefix(limit))
        }
        return result
    }

    /// One page of 100 of an account's repositories in the query's order, and the next page's
    /// number. By stars, pages are cut from the sorted list (`starSortScanLimit` at most, read
    /// through the cache); otherwise a page is GitHub's page, filtered.
    public func repositoriesPage(of login: String, query: AccountRepositoryQuery, page: Int) async throws(StarscopeError) -> (
        items: [Repository], nextPage: Int?
    ) {
        try Self.checkLogin(login)
        let page = max(1, page)
        if query.sort == .stars {
            let all = try await repositories(of: login, query: query, limit: Self.starSortScanLimit).items
            let start = min(all.count, (page - 1) * 100)
            let end = min(all.count, start + 100)
            return (Array(all[start..<end]), end < all.count ? page + 1 : nil)
        }
        do {
            let result = try await client.repositories(of: login, perPage: 100, page: page, sort: query.gitHubSort)
            if !result.isStored { await observe(result.items) }
            return (visible(result.items).filter(query.keeps), Self.pageNumber(result.links.next))
        } catch {
            throw StarscopeError(error, about: .account(login))
        }
    }
}
