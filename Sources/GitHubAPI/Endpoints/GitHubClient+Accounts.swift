import StarscopeModels

extension GitHubClient {
    /// `GET /users`: every account in id order, paged by `since` (the last id seen).
    public func users(since: Int64? = nil, perPage: Int = 30) async throws(GitHubError) -> Page<Account> {
        var parameters = [QueryItem("per_page", String(perPage))]
        if let since { parameters.append(QueryItem("since", String(since))) }
        return try await self.page(.get("/users", parameters), shape: .array)
    }

    /// `GET /users/{login}`: a user's or an organisation's profile.
    public func profile(login: String) async throws(GitHubError) -> Profile {
        try await get(Profile.self, .get("/users/\(segment(login))"))
    }

    /// `GET /user`: whom the token belongs to.
    public func authenticatedUser() async throws(GitHubError) -> Profile {
        try await get(Profile.self, .get("/user"))
    }

    /// `GET /user` with the rate limit it reported: whose the token is, and what it allows.
    public func tokenOwner() async throws(GitHubError) -> (profile: Profile, rateLimit: RateLimit?) {
        let response = try await send(.get("/user"))
        return (try decode(Profile.self, from: response), response.rateLimit)
    }

    /// `GET /users/{login}/events/public`: recent public activity, newest first.
    public func publicEvents(login: String, perPage: Int = 30) async throws(GitHubError) -> Page<Event> {
        try await self.page(.get("/users/\(segment(login))/events/public", [QueryItem("per_page", String(perPage))]), shape: .array)
    }

    /// `GET /rate_limit`: every bucket; this call does not count against the limit.
    public func rateLimits() async throws(GitHubError) -> RateLimitOverview {
        try await get(RateLimitOverview.self, .get("/rate_limit"))
    }
}
