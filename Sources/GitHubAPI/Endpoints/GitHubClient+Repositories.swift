import StarscopeModels

extension GitHubClient {
    /// `GET /search/repositories`: `query` is GitHub's `q` (terms and qualifiers).
    public func searchRepositories(
        query: String,
        sort: String? = "stars",
        order: String = "desc",
        perPage: Int = 30,
        page: Int = 1
    ) async throws(GitHubError) -> Page<Repository> {
        try await self.page(Self.searchRequest(query, sort: sort, order: order, perPage: perPage, page: page), shape: .searchResults)
    }

    /// Pages `numbers` of `GET /search/repositories`, asked for together before any answer (see
    /// `pages(_:of:shape:)`): for a search known to have them, since a page past the end still
    /// costs a search.
    public func searchRepositories(
        query: String,
        sort: String? = "stars",
        order: String = "desc",
        perPage: Int = 30,
        pages numbers: ClosedRange<Int>
    ) async throws(GitHubError) -> [Page<Repository>] {
        let requests = numbers.map { Self.searchRequest(query, sort: sort, order: order, perPage: perPage, page: $0) }
        return try await pages(requests, of: Repository.self, shape: .searchResults)
    }

    static func searchRequest(_ query: String, sort: String?, order: String, perPage: Int, page: Int) -> GitHubRequest {
        var parameters = [QueryItem("q", query)]
        if let sort {
            parameters.append(QueryItem("sort", sort))
            parameters.append(QueryItem("order", order))
        }
        parameters.append(QueryItem("per_page", String(perPage)))
        if page > 1 { parameters.append(QueryItem("page", String(page))) }
        return .get("/search/repositories", parameters)
    }

    /// `GET /users/{login}/repos` (users and organisations alike), most recently pushed first.
    /// `sort` is GitHub's: `pushed`, `updated`, `created` or `full_name`; `direction` defaults to
    /// GitHub's own (ascending for `full_name`, descending otherwise).
    public func repositories(
        of login: String, perPage: Int = 100, page: Int = 1, sort: String = "pushed", direction: String? = nil
    ) async throws(GitHubError)
        -> Page<Repository>
    {
        var parameters = [
            QueryItem("type", "owner"), QueryItem("sort", sort),
            QueryItem("direction", direction ?? (sort == "full_name" ? "asc" : "desc")), QueryItem("per_page", String(perPage)),
        ]
        if page > 1 { parameters.append(QueryItem("page", String(page))) }
        return try await self.page(.get("/users/\(segment(login))/repos", parameters), shape: .array)
    }

    /// `GET /repos/{owner}/{repo}`.
    public func repository(owner: String, name: String) async throws(GitHubError) -> Repository {
        try await get(Repository.self, .get("/repos/\(segment(owner))/\(segment(name))"))
    }

    /// `GET /repositories/{id}`: a repository by its id, whatever it is called now (where GitHub
    /// redirects a renamed repository's old name).
    public func repository(id: Int64) async throws(GitHubError) -> Repository {
        try await get(Repository.self, .get("/repositories/\(id)"))
    }
}
