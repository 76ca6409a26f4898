import StarscopeModels

extension GitHubClient {
    /// `PUT /user/starred/{owner}/{repo}`: stars a repository for the token's user.
    public func star(owner: String, name: String) async throws(GitHubError) {
        _ = try await send(GitHubRequest(method: .put, target: .path(starPath(owner, name), query: [])))
    }

    /// `DELETE /user/starred/{owner}/{repo}`.
    public func unstar(owner: String, name: String) async throws(GitHubError) {
        _ = try await send(GitHubRequest(method: .delete, target: .path(starPath(owner, name), query: [])))
    }

    /// `GET /user/starred/{owner}/{repo}`: 204 when starred, 404 when not.
    public func isStarred(owner: String, name: String) async throws(GitHubError) -> Bool {
        do {
            _ = try await send(.get(starPath(owner, name)))
            return true
        } catch .notFound {
            return false
        }
    }

    /// `GET /user/starred`: the repositories the token's user starred, most recent first.
    public func starred(perPage: Int = 100) async throws(GitHubError) -> Page<Repository> {
        try await self.page(.get("/user/starred", [QueryItem("per_page", String(perPage))]), shape: .array)
    }

    private func starPath(_ owner: String, _ name: String) -> String {
        "/user/starred/\(segment(owner))/\(segment(name))"
    }
}
