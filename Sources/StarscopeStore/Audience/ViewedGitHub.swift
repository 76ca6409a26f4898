import Foundation
import GitHubAPI
import StarscopeModels

/// GitHub's repositories as one viewer may read them: the one door through which use cases read
/// repositories, applying the audience rule (`Viewer+Audience.swift`) itself.
///
/// Searches are asked as the viewer may ask them (public repositories only, for those who see no
/// private one, so that GitHub's count and pages are theirs); every page comes back cut to what
/// the viewer may see, the next pages of a list too; one repository the viewer may not see is
/// "not found", as GitHub answers those who may not see it.
public struct ViewedGitHub: Sendable {
    public let client: GitHubClient
    public let viewer: Viewer

    public init(client: GitHubClient, viewer: Viewer) {
        self.client = client
        self.viewer = viewer
    }

    /// `GET /search/repositories`, page `page`.
    public func searchRepositories(query: String, sort: String?, perPage: Int, page: Int = 1) async throws(GitHubError)
        -> Page<Repository>
    {
        seen(try await client.searchRepositories(query: viewer.repositorySearch(query), sort: sort, perPage: perPage, page: page))
    }

    /// Pages `numbers` of `GET /search/repositories`, asked for together.
    public func searchRepositories(query: String, sort: String?, perPage: Int, pages numbers: ClosedRange<Int>)
        async throws(GitHubError) -> [Page<Repository>]
    {
        try await client.searchRepositories(query: viewer.repositorySearch(query), sort: sort, perPage: perPage, pages: numbers)
            .map(seen)
    }

    /// `GET /users/{login}/repos`, page `page`, in GitHub's `sort`.
    public func repositories(of login: String, perPage: Int = 100, page: Int = 1, sort: String = "pushed") async throws(GitHubError)
        -> Page<Repository>
    {
        seen(try await client.repositories(of: login, perPage: perPage, page: page, sort: sort))
    }

    /// The pages after `page` of the same list (its `Link: rel="next"`), up to `count`.
    public func pages(after page: Page<Repository>, upTo count: Int) async throws(GitHubError) -> [Page<Repository>] {
        try await client.pages(after: page, upTo: count).map(seen)
    }

    /// `GET /repos/{owner}/{repo}`; "not found" when the viewer may not see it.
    public func repository(owner: String, name: String) async throws(GitHubError) -> Repository {
        let repository = try await client.repository(owner: owner, name: name)
        guard viewer.mayRead(repository) else { throw .notFound(url: "\(owner)/\(name)") }
        return repository
    }

    /// `GET /repos/{owner}/{repo}` as a page of one (none when the viewer may not see it), with
    /// the answer's rate limit and whether the store gave it: for live counts.
    public func repositoryPage(owner: String, name: String) async throws(GitHubError) -> Page<Repository> {
        let response = try await client.send(.get("/repos/\(owner)/\(name)").expecting(Repository.self))
        let repository: Repository
        do {
            repository = try GitHubJSON.decode(Repository.self, from: response.body)
        } catch {
            throw .undecodable(reason: String(describing: error))
        }
        var page = Page(
            items: [repository], links: LinkHeader(""), rateLimit: response.rateLimit, totalCount: nil, incompleteResults: false,
            shape: .array)
        page.isStored = response.isStored
        return seen(page)
    }

    /// `page` with only what the viewer may see.
    func seen(_ page: Page<Repository>) -> Page<Repository> {
        var page = page
        page.items = viewer.readable(page.items)
        return page
    }
}
