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
        var parameters = [QueryItem("q", query)]
        if let sort {
            parameters.append(QueryItem("sort", sort))
            parameters.append(QueryItem("order", order))
        }
        parameters.append(QueryItem("per_page", String(perPage)))
        if page > 1 { parameters.append(QueryItem("page", String(page))) }
        return try await self.page(.get("/search/repositories", parameters), shape: .searchResults)
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
