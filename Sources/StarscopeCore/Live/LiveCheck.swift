import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// Something on screen whose star counts can be re-checked with one request.
public enum LiveSource: Hashable, Sendable {
    /// A page of "New & popular": one search request refreshes all its repositories.
    case trending(TrendingQuery, page: Int)
    /// A page of an account's repositories: one conditional request.
    case account(login: String, page: Int)
    /// A page of a search of all of GitHub (`page` is GitHub's, 100 results each): one search
    /// request, the very one the search page sends, so its cached answer is shared.
    case search(GitHubSearch, page: Int)
    /// One repository: one conditional request.
    case repository(RepositoryName)

    /// The rate-limit bucket its check spends from.
    public var resource: String {
        switch self {
        case .trending, .search: "search"
        case .account, .repository: "core"
        }
    }
}

/// What one check found.
public struct LiveCheck: Sendable {
    /// Star counts by `owner/name`.
    public var stars: [String: Int] = [:]
    /// The bucket the check spent from, as GitHub last reported it.
    public var rateLimit: RateLimit?
    public var failure: GitHubError?
}

extension ReadContext {
    /// Re-checks one source through the cache (conditional requests where GitHub allows them).
    ///
    /// When the cache had to stand in because GitHub refused (rate limits, failures), the check
    /// reports that refusal: the scheduler must wait as GitHub asked, not retry at once.
    public func check(_ source: LiveSource) async -> LiveCheck {
        let report = CacheReport()
        var result = await CacheReport.$current.withValue(report) { await checkThroughCache(source) }
        if result.failure == nil, let stale = report.stale {
            result.failure = stale.reason
            result.stars = [:]
        }
        return result
    }

    private func checkThroughCache(_ source: LiveSource) async -> LiveCheck {
        var result = LiveCheck()
        do {
            let repositories: [Repository]
            var stored = false
            switch source {
            case .trending(let query, let page):
                let response = try await github.searchRepositories(
                    query: try query.searchQuery(now: now()), sort: query.sort.rawValue, perPage: 100, page: page)
                repositories = response.items
                result.rateLimit = response.rateLimit
                stored = response.isStored
            case .search(let search, let page):
                let response = try await upstreamSearchPage(try search.searchQuery(), sort: search.sort, page: page)
                repositories = response.items
                result.rateLimit = response.rateLimit
                stored = response.isStored
            case .account(let login, let page):
                let response = try await github.repositories(of: login, perPage: 100, page: page)
                repositories = response.items
                result.rateLimit = response.rateLimit
                stored = response.isStored
            case .repository(let name):
                let response = try await github.repositoryPage(owner: name.owner, name: name.name)
                repositories = response.items
                result.rateLimit = response.rateLimit
                stored = response.isStored
            }
            for repository in repositories { result.stars[repository.fullName] = repository.stargazersCount }
            if !stored { await observe(repositories) }
        } catch let error as GitHubError {
            result.failure = error
        } catch {
            result.failure = .undecodable(reason: String(describing: error))
        }
        return result
    }
}
