import Foundation
import GitHubAPI
import StarscopeModels

/// Something on screen whose star counts can be re-checked with one request.
public enum LiveSource: Hashable, Sendable {
    /// A page of "New & popular": one search request refreshes all its repositories.
    case trending(TrendingQuery, page: Int)
    /// A page of an account's repositories: one conditional request.
    case account(login: String, page: Int)
    /// One repository: one conditional request.
    case repository(RepositoryName)

    /// The rate-limit bucket its check spends from.
    public var resource: String {
        if case .trending = self { return "search" }
        return "core"
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

extension Explorer {
    /// Re-checks one source through the cache (conditional requests where GitHub allows them).
    public func check(_ source: LiveSource) async -> LiveCheck {
        var result = LiveCheck()
        do {
            let repositories: [Repository]
            switch source {
            case .trending(let query, let page):
                let response = try await client.searchRepositories(query: try query.searchQuery(now: now()), perPage: 100, page: page)
                repositories = response.items
                result.rateLimit = response.rateLimit
            case .account(let login, let page):
                let response = try await client.repositories(of: login, perPage: 100, page: page)
                repositories = response.items
                result.rateLimit = response.rateLimit
            case .repository(let name):
                let response = try await client.send(.get("/repos/\(name.owner)/\(name.name)"))
                repositories = [try JSONDecoder.gitHub().decode(Repository.self, from: response.body)]
                result.rateLimit = response.rateLimit
            }
            for repository in repositories { result.stars[repository.fullName] = repository.stargazersCount }
            await observe(repositories)
        } catch let error as GitHubError {
            result.failure = error
        } catch {
            result.failure = .undecodable(reason: String(describing: error))
        }
        return result
    }
}
