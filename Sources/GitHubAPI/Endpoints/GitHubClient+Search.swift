import StarscopeModels

extension GitHubClient {
    /// `GET /search/users`: accounts whose login (or name) matches `query`, GitHub's best match
    /// first; GitHub's qualifiers (`type:org`, `followers:>100`, `in:login`) pass through.
    public func searchUsers(query: String, perPage: Int = 30, page: Int = 1) async throws(GitHubError) -> Page<Account> {
        var parameters = [QueryItem("q", query), QueryItem("per_page", String(perPage))]
        if page > 1 { parameters.append(QueryItem("page", String(page))) }
        return try await self.page(.get("/search/users", parameters), shape: .searchResults)
    }
}
