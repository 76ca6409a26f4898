import Foundation
import StarscopeModels

extension FakeGitHubState {
    /// `GET /search/users`: accounts whose login (or name) holds every term, best match first
    /// (exact login, then logins starting with the text, then the rest, more followers first),
    /// or by `sort=followers|joined`; GitHub's envelope, paging, 1,000-result cap and search
    /// rate limit, as for repositories.
    func searchUsers(_ request: FakeRequest, render: JSONRendering, incomplete: Bool) -> FakeResponse {
        let documentation = "https://docs.github.com/rest/search/search#search-users"
        guard let q = request.query["q"], !q.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .error(
                422, "Validation Failed", documentation: documentation,
                extra: ["errors": #"[{"resource":"Search","field":"q","code":"missing"}]"#])
        }
        guard q.count <= 256 else {
            return .error(
                422, "Validation Failed", documentation: documentation,
                extra: [
                    "errors": #"[{"message":"The search is longer than 256 characters.","resource":"Search","field":"q","code":"invalid"}]"#
                ]
            )
        }
        let query: UserSearchQuery
        do {
            query = try UserSearchQuery(parsing: q)
        } catch {
            return .error(
                422, "Validation Failed", documentation: documentation,
                extra: ["errors": #"[{"resource":"Search","field":"q","code":"invalid"}]"#])
        }
        let (perPage, page) = Self.paging(request, defaultPerPage: 30)
        guard (page - 1) * perPage < 1_000 else {
            return .error(422, "Only the first 1000 search results are available", documentation: documentation)
        }
        var ranked = dataset.accounts.compactMap { account in query.rank(account).map { (account, $0) } }
        let descending = request.query["order"] != "asc"
        switch request.query["sort"] {
        case "followers": ranked.sort { Self.ordered($0.0.followers, $1.0.followers, $0.0.id, $1.0.id, descending) }
        case "joined": ranked.sort { Self.ordered($0.0.createdAt, $1.0.createdAt, $0.0.id, $1.0.id, descending) }
        default:
            ranked.sort { a, b in
                a.1 != b.1 ? a.1 < b.1 : Self.ordered(a.0.followers, b.0.followers, a.0.id, b.0.id, true)
            }
        }
        let reachable = min(ranked.count, 1_000)
        let slice = Self.slice(ranked.prefix(reachable), perPage: perPage, page: page)
        let items = slice.map { account, rank -> JSONValue in
            guard case .object(var members) = render.accountSummary(account) else { return .null }
            members["score"] = .number(Double(4 - rank))
            return .object(members)
        }
        let body: JSONValue = .object([
            "total_count": render.number(ranked.count),
            "incomplete_results": .bool(incomplete),
            "items": .array(items),
        ])
        var response = FakeResponse.json(body, caching: .noCache)
        if let link = Self.pageLinks(request, total: reachable, perPage: perPage, page: page) { response.headers.append(("Link", link)) }
        return response
    }
}
