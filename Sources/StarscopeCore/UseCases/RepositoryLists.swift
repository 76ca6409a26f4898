import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// New & popular, and an account's repositories sorted and filtered as the user asks.
public struct RepositoryLists: UseCase {
    let context: ReadContext

    /// "New & popular": repositories created in the timeframe, most stars first.
    public func trending(_ query: TrendingQuery, limit: Int, progress: PageProgress? = nil) async throws(StarscopeError) -> ListResult<
        Repository
    > {
        let perPage = pageSize(forLimit: limit)
        func list(_ q: String, from lists: RepositoryLists) async throws(StarscopeError) -> ListResult<Repository> {
            try await lists.collectPages(limit: limit, perPage: perPage, about: .search, progress: progress) {
                (needed: Int) async throws(GitHubError) in
                // Unfiltered, every page the limit needs is there: asked for together, before any
                // answer (one round trip instead of page 1, then the rest its `Link` names).
                guard query.isUnfiltered, needed > 1 else {
                    return [try await lists.github.searchRepositories(query: q, sort: query.sort.rawValue, perPage: perPage)]
                }
                return try await lists.github.searchRepositories(query: q, sort: query.sort.rawValue, perPage: perPage, pages: 1...needed)
            }
        }
        let result: ListResult<Repository>
        do {
            result = try await list(try query.searchQuery(now: now()), from: self)
        } catch {
            // GitHub down, offline or rate-limited: the day's newest kept answer, as the web's page.
            switch error {
            case .unavailable, .rateLimited:
                guard let kept = await earlierDay(query, list) else { throw error }
                return kept
            default:
                throw error
            }
        }
        if !result.isStored { await observe(result.items) }
        return result
    }

    /// One window of "New & popular" (see `RowWindow`; 100 rows unless asked for fewer), and the
    /// number of the next window if there is one (for the web app's infinite scroll).
    /// `incomplete`: GitHub's search timed out and some results may be missing.
    public func trendingPage(_ query: TrendingQuery, page: Int, rows: Int = RowWindow.upstreamPageSize) async throws(StarscopeError) -> (
        items: [Repository], nextPage: Int?, incomplete: Bool
    ) {
        let q = try query.searchQuery(now: now())
        let window = RowWindow(page: page, rows: rows)
        @Sendable func ask(_ q: String, from lists: RepositoryLists) async throws(GitHubError) -> Page<Repository> {
            try await lists.github.searchRepositories(
                query: q, sort: query.sort.rawValue, perPage: RowWindow.upstreamPageSize, page: window.upstreamPage)
        }
        let result: Page<Repository>
        do {
            result = try await ask(q, from: self)
        } catch {
            guard error.isTransient, let kept = await earlierDay(query, ask) else { throw StarscopeError(error, about: .search) }
            result = kept
        }
        if !result.isStored { await observe(result.items) }
        let upstreamHasNext = result.links.next != nil
        let (items, next) = window.cut(result.items, upstreamHasNext: upstreamHasNext)
        return (items, next.flatMap { $0 <= window.lastSearchPage ? $0 : nil }, result.incompleteResults)
    }

    /// One page of 100 of an account's repositories (forks left out unless asked), and the next page's number.
    public func repositoriesPage(of login: String, includeForks: Bool, page: Int) async throws(StarscopeError) -> (
        items: [Repository], nextPage: Int?
    ) {
        try Self.checkLogin(login)
        do {
            let result = try await github.repositories(of: login, perPage: 100, page: page)
            if !result.isStored { await observe(result.items) }
            return (result.items.filter { includeForks || !$0.fork }, Self.pageNumber(result.links.next))
        } catch {
            throw StarscopeError(error, about: .account(login))
        }
    }

    /// An account's repositories, most recently pushed first; forks only when asked.
    public func repositories(of login: String, includeForks: Bool, limit: Int, progress: PageProgress? = nil) async throws(StarscopeError)
        -> ListResult<Repository>
    {
        try Self.checkLogin(login)
        return try await collect(
            limit: limit, perPage: 100, about: .account(login), progress: progress, keep: { includeForks || !$0.fork }
        ) {
            () async throws(GitHubError) in
            try await github.repositories(of: login, perPage: 100)
        }
    }

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
            limit: wanted, perPage: 100, about: .account(login), progress: progress, keep: query.keeps
        ) {
            () async throws(GitHubError) in
            try await github.repositories(of: login, perPage: 100, sort: query.gitHubSort)
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
            let result = try await github.repositories(of: login, perPage: 100, page: page, sort: query.gitHubSort)
            if !result.isStored { await observe(result.items) }
            return (result.items.filter(query.keeps), Self.pageNumber(result.links.next))
        } catch {
            throw StarscopeError(error, about: .account(login))
        }
    }

    /// "Today" asks anew each hour (`Timeframe.cutoffDate`), so the answer kept an hour ago is
    /// kept under another query. When GitHub cannot answer the day's list and nothing is kept for
    /// this hour's query, the answer kept for the newest of the 23 hours before stands in, from
    /// the store only (reported as stale, as any kept answer is): the day's list stays at hand
    /// offline through the day. Nil for other timeframes, or when nothing is kept.
    /// `ask` is given the query and these lists read from the store only.
    func earlierDay<T>(_ query: TrendingQuery, _ ask: (String, RepositoryLists) async throws(StarscopeError) -> T) async -> T? {
        guard query.timeframe == .day else { return nil }
        let time = now()
        let kept = RepositoryLists(context: context.using(.keptOnly))
        for hours in 1...23 {
            guard let earlier = try? query.searchQuery(now: time.addingTimeInterval(-Double(hours) * 3_600)) else { return nil }
            if let answer = try? await ask(earlier, kept) { return answer }
        }
        return nil
    }

    /// `earlierDay` for a request that throws GitHub's errors.
    func earlierDay<T>(_ query: TrendingQuery, _ ask: (String, RepositoryLists) async throws(GitHubError) -> T) async -> T? {
        await earlierDay(query) { (q: String, lists: RepositoryLists) async throws(StarscopeError) -> T in
            do throws(GitHubError) {
                return try await ask(q, lists)
            } catch {
                throw StarscopeError(error, about: .search)
            }
        }
    }
}
