import Foundation
import StarscopeModels

extension FakeGitHubState {
    /// Dispatches an authorised, unfaulted request to its endpoint.
    func route(_ request: FakeRequest, now: Date, incomplete: Bool) -> FakeResponse {
        let render = JSONRendering(apiBase: request.apiBase, avatarBase: request.origin + "/avatars")
        let parts = request.path.split(separator: "/").map(String.init)
        switch (request.method, parts.count, parts.first) {
        case ("GET", 2, "search") where parts[1] == "repositories":
            return search(request, render: render, incomplete: incomplete)
        case ("GET", 2, "search") where parts[1] == "users":
            return searchUsers(request, render: render, incomplete: incomplete)
        case ("GET", 3..., "repos"):
            switch locate("\(parts[1])/\(parts[2])") {
            // A private repository is "Not Found" to everyone GitHub does not show it to.
            case .here(let index)? where !canSee(index, request), .moved(let index)? where !canSee(index, request):
                return .error(404, "Not Found", documentation: "https://docs.github.com/rest/repos/repos#get-a-repository")
            case .here(let index)?:
                return repositoryResource(index, rest: Array(parts.dropFirst(3)), request: request, render: render)
            case .moved(let index)?:
                return moved(index, rest: Array(parts.dropFirst(3)), request: request)
            case nil:
                return .error(404, "Not Found", documentation: "https://docs.github.com/rest/repos/repos#get-a-repository")
            }
        case ("GET", 2..., "repositories"):
            guard let id = Int64(parts[1]), let index = dataset.repositoryPosition(id: id), canSee(index, request) else {
                return .error(404, "Not Found")
            }
            return repositoryResource(index, rest: Array(parts.dropFirst(2)), request: request, render: render)
        case ("GET", 1, "users"):
            return users(request, render: render)
        case ("GET", 2, "users"):
            return profile(login: parts[1], render: render)
        case ("GET", 3, "users") where parts[2] == "repos", ("GET", 3, "orgs") where parts[2] == "repos":
            return accountRepositories(login: parts[1], organizationsOnly: parts[0] == "orgs", request: request, render: render)
        case ("GET", 4, "users") where parts[2] == "events" && parts[3] == "public":
            return events(login: parts[1], request: request, render: render)
        case ("GET", 1, "user"):
            return authenticatedUser(request, render: render)
        case ("POST", 1, "graphql"):
            return FakeResponse(status: 200, body: Self.graphQLMarker)
        case ("GET", 1, "rate_limit"):
            return rateLimit(request, now: now)
        case ("GET", 2, "user") where parts[1] == "starred":
            return starredList(request, render: render)
        case (_, 4, "user") where parts[1] == "starred":
            return star(method: request.method, owner: parts[2], name: parts[3], request: request)
        default:
            return .error(404, "Not Found")
        }
    }

    // MARK: Search

    func search(_ request: FakeRequest, render: JSONRendering, incomplete: Bool) -> FakeResponse {
        let documentation = "https://docs.github.com/rest/search/search#search-repositories"
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
        let query: SearchQuery
        do {
            query = try SearchQuery(parsing: q)
        } catch {
            return .error(
                422, "Validation Failed", documentation: documentation,
                extra: ["errors": #"[{"resource":"Search","field":"q","code":"invalid"}]"#])
        }
        let (perPage, page) = Self.paging(request, defaultPerPage: 30)
        guard (page - 1) * perPage < 1_000 else {
            return .error(422, "Only the first 1000 search results are available", documentation: documentation)
        }
        var matches = dataset.repositories.indices.filter { canSee($0, request) }.map(current).filter(query.matches)
        let descending = request.query["order"] != "asc"
        switch request.query["sort"] {
        case "forks": matches.sort { Self.ordered($0.forks, $1.forks, $0.id, $1.id, descending) }
        case "updated": matches.sort { Self.ordered($0.updatedAt, $1.updatedAt, $0.id, $1.id, descending) }
        // The fake labels no issues: its open issues stand in for those labelled "help wanted".
        case "help-wanted-issues": matches.sort { Self.ordered($0.openIssues, $1.openIssues, $0.id, $1.id, descending) }
        default: matches.sort { Self.ordered($0.stars, $1.stars, $0.id, $1.id, descending) }
        }
        let reachable = min(matches.count, 1_000)
        let slice = Self.slice(matches.prefix(reachable), perPage: perPage, page: page)
        let items = slice.compactMap { repo in
            dataset.account(login: repo.ownerLogin).map { render.repository(repo, owner: $0, score: true) }
        }
        let body: JSONValue = .object([
            "total_count": render.number(matches.count),
            "incomplete_results": .bool(incomplete),
            "items": .array(items),
        ])
        var response = FakeResponse.json(body, caching: .noCache)
        if let link = Self.pageLinks(request, total: reachable, perPage: perPage, page: page) { response.headers.append(("Link", link)) }
        return response
    }

    /// Most first by `key`, ties broken by id so that the order is total and repeatable.
    static func ordered<Key: Comparable>(_ a: Key, _ b: Key, _ idA: Int64, _ idB: Int64, _ descending: Bool) -> Bool {
        if a != b { return descending ? a > b : a < b }
        return idA < idB
    }

    // MARK: Repositories and accounts

    func repository(_ index: Int, render: JSONRendering) -> FakeResponse {
        let repo = current(index)
        guard let account = dataset.account(login: repo.ownerLogin) else {
            return .error(404, "Not Found", documentation: "https://docs.github.com/rest/repos/repos#get-a-repository")
        }
        return .json(render.repository(repo, owner: account), caching: .standard(lastModified: repo.updatedAt))
    }

    /// GitHub's answer under a repository's former name: `301` to `/repositories/ID` (and the
    /// same sub-path and query), counted against the rate limit.
    func moved(_ index: Int, rest: [String], request: FakeRequest) -> FakeResponse {
        let id = dataset.repositories[index].id
        let target =
            "\(request.apiBase)/repositories/\(id)" + rest.map { "/" + Self.encode($0) }.joined()
            + (request.rawQuery.map { $0.isEmpty ? "" : "?" + $0 } ?? "")
        var response = FakeResponse.json(
            .object([
                "message": .string("Moved Permanently"), "url": .string(target),
                "documentation_url": .string("https://docs.github.com/v3/#http-redirects"),
            ]), status: 301)
        response.headers.append(("Location", target))
        return response
    }

    func profile(login: String, render: JSONRendering) -> FakeResponse {
        guard let account = dataset.account(login: login) else {
            return .error(404, "Not Found", documentation: "https://docs.github.com/rest/users/users#get-a-user")
        }
        return .json(
            render.profile(account, publicRepos: dataset.repositories(ownedBy: account).count),
            caching: .standard(lastModified: account.createdAt))
    }

    func users(_ request: FakeRequest, render: JSONRendering) -> FakeResponse {
        let perPage = min(100, max(1, Int(request.query["per_page"] ?? "") ?? 30))
        let since = Int64(request.query["since"] ?? "") ?? 0
        let accounts = dataset.accounts.filter { $0.id > since }.prefix(perPage)
        var response = FakeResponse.json(.array(accounts.map(render.accountSummary)), caching: .standard(lastModified: nil))
        var links: [String] = []
        if let last = accounts.last, dataset.accounts.contains(where: { $0.id > last.id }) {
            links.append("<\(request.apiBase)/users?per_page=\(perPage)&since=\(last.id)>; rel=\"next\"")
        }
        links.append("<\(request.apiBase)/users{?since}>; rel=\"first\"")
        response.headers.append(("Link", links.joined(separator: ", ")))
        return response
    }

    func accountRepositories(login: String, organizationsOnly: Bool, request: FakeRequest, render: JSONRendering) -> FakeResponse {
        guard let account = dataset.account(login: login), !organizationsOnly || account.isOrganization else {
            return .error(404, "Not Found", documentation: "https://docs.github.com/rest/repos/repos#list-repositories-for-a-user")
        }
        // Public repositories only, whoever asks, as GitHub's `/users/LOGIN/repos` does.
        var repos = currentIndices(ownedBy: account).filter { !isPrivate($0) }.map(current)
        switch request.query["type"] {
        case "forks": repos = repos.filter(\.fork)
        case "sources": repos = repos.filter { !$0.fork }
        default: break
        }
        let sort = request.query["sort"] ?? "full_name"
        let descending = request.query["direction"].map { $0 == "desc" } ?? (sort != "full_name")
        switch sort {
        case "created": repos.sort { Self.ordered($0.createdAt, $1.createdAt, $0.id, $1.id, descending) }
        case "updated": repos.sort { Self.ordered($0.updatedAt, $1.updatedAt, $0.id, $1.id, descending) }
        case "pushed": repos.sort { Self.ordered($0.pushedAt, $1.pushedAt, $0.id, $1.id, descending) }
        default: repos.sort { Self.ordered($0.name.lowercased(), $1.name.lowercased(), $0.id, $1.id, descending) }
        }
        let (perPage, page) = Self.paging(request, defaultPerPage: 30)
        let items = Self.slice(repos[...], perPage: perPage, page: page).map { render.repository($0, owner: account) }
        var response = FakeResponse.json(.array(items), caching: .standard(lastModified: nil))
        if let link = Self.pageLinks(request, total: repos.count, perPage: perPage, page: page) { response.headers.append(("Link", link)) }
        return response
    }

    func events(login: String, request: FakeRequest, render: JSONRendering) -> FakeResponse {
        guard let account = dataset.account(login: login) else { return .error(404, "Not Found") }
        let events = dataset.events(for: account)
        let (perPage, page) = Self.paging(request, defaultPerPage: 30)
        let items = Self.slice(events[...], perPage: perPage, page: page).map(render.event)
        var response = FakeResponse.json(.array(items), caching: .standard(lastModified: nil))
        response.headers.append(("X-Poll-Interval", "60"))
        if let link = Self.pageLinks(request, total: events.count, perPage: perPage, page: page) { response.headers.append(("Link", link)) }
        return response
    }

    func authenticatedUser(_ request: FakeRequest, render: JSONRendering) -> FakeResponse {
        guard let token = request.token, let login = accounts.tokens[token], var account = dataset.account(login: login) else {
            return .error(
                401, "Requires authentication", documentation: "https://docs.github.com/rest/users/users#get-the-authenticated-user")
        }
        if let identity = accounts.identities[token] { (account.id, account.login) = identity }
        return .json(
            render.profile(account, publicRepos: dataset.repositories(ownedBy: account).count), caching: .standard(lastModified: nil))
    }

    func rateLimit(_ request: FakeRequest, now: Date) -> FakeResponse {
        let identity = request.token.flatMap { accounts.tokens[$0] != nil ? $0 : nil }
        func bucket(_ resource: String) -> JSONValue {
            let bucket = rateLimits.bucket(identity: identity, resource: resource, now: now)
            return .object([
                "limit": .number(Double(bucket.limit)), "remaining": .number(Double(bucket.remaining)),
                "used": .number(Double(bucket.used)), "reset": .number(bucket.reset.timeIntervalSince1970.rounded()),
                "resource": .string(resource),
            ])
        }
        var response = FakeResponse.json(
            .object(["resources": .object(["core": bucket("core"), "search": bucket("search")]), "rate": bucket("core")]))
        response.counts = false
        return response
    }

    /// Unstars `fullNames` for `login`, as if that person had unstarred them on github.com.
    func unstar(_ fullNames: [String], login: String) {
        for name in fullNames {
            guard case .here(let index)? = locate(name) else { continue }
            accounts.starredByLogin[login]?.remove(dataset.repositories[index].id)
        }
    }

    func star(_ fullNames: [String], login: String) {
        for name in fullNames {
            guard case .here(let index)? = locate(name) else { continue }
            accounts.starredByLogin[login, default: []].insert(dataset.repositories[index].id)
        }
    }

    /// `GET /user/starred`: the token's user's starred repositories, paged (30 by default), most
    /// recently starred first as GitHub does (here: newest repository id first).
    func starredList(_ request: FakeRequest, render: JSONRendering) -> FakeResponse {
        guard let login = request.token.flatMap({ accounts.tokens[$0] }) else {
            return .error(401, "Requires authentication", documentation: "https://docs.github.com/rest/activity/starring")
        }
        let ids = accounts.starredByLogin[login, default: []].sorted(by: >)
        let repos = ids.compactMap { dataset.repositoryPosition(id: $0) }.filter { canSee($0, request) }.map(current)
        let (perPage, page) = Self.paging(request, defaultPerPage: 30)
        let items = Self.slice(repos[...], perPage: perPage, page: page).compactMap { repository in
            dataset.account(login: repository.ownerLogin).map { render.repository(repository, owner: $0) }
        }
        var response = FakeResponse.json(.array(items), caching: .standard(lastModified: nil))
        if let link = Self.pageLinks(request, total: repos.count, perPage: perPage, page: page) { response.headers.append(("Link", link)) }
        return response
    }

    func star(method: String, owner: String, name: String, request: FakeRequest) -> FakeResponse {
        guard let login = request.token.flatMap({ accounts.tokens[$0] }) else {
            return .error(401, "Requires authentication", documentation: "https://docs.github.com/rest/activity/starring")
        }
        guard case .here(let index)? = locate("\(owner)/\(name)"), canSee(index, request) else { return .error(404, "Not Found") }
        let id = dataset.repositories[index].id
        let starred = accounts.starredByLogin[login, default: []].contains(id)
        switch method {
        case "GET":
            return starred ? FakeResponse(status: 204, body: Data()) : .error(404, "Not Found")
        case "PUT":
            if !starred {
                accounts.starredByLogin[login, default: []].insert(id)
                changes.stars[index] &+= 1
            }
            return FakeResponse(status: 204, body: Data())
        case "DELETE":
            if starred {
                accounts.starredByLogin[login]?.remove(id)
                changes.stars[index] = changes.stars[index] > 0 ? changes.stars[index] - 1 : 0
            }
            return FakeResponse(status: 204, body: Data())
        default:
            return .error(404, "Not Found")
        }
    }

    // MARK: Paging

    static func paging(_ request: FakeRequest, defaultPerPage: Int) -> (perPage: Int, page: Int) {
        let perPage = min(100, max(1, Int(request.query["per_page"] ?? "") ?? defaultPerPage))
        let page = max(1, Int(request.query["page"] ?? "") ?? 1)
        return (perPage, page)
    }

    static func slice<C: Collection>(_ items: C, perPage: Int, page: Int) -> [C.Element] {
        Array(items.dropFirst((page - 1) * perPage).prefix(perPage))
    }

    /// GitHub's `Link` header for page-numbered lists: first page `next, last`; middle pages
    /// `prev, next, last, first`; last page `prev, first`; a single page none.
    static func pageLinks(_ request: FakeRequest, total: Int, perPage: Int, page: Int) -> String? {
        let lastPage = max(1, (total + perPage - 1) / perPage)
        guard lastPage > 1 else { return nil }
        func url(_ number: Int) -> String {
            var query = request.query
            query["page"] = String(number)
            query["per_page"] = String(perPage)
            let encoded = query.sorted { $0.key < $1.key }.map { "\(encode($0.key))=\(encode($0.value))" }.joined(separator: "&")
            return "<\(request.apiBase)\(request.path)?\(encoded)>"
        }
        var links: [String] = []
        if page > 1 { links.append("\(url(page - 1)); rel=\"prev\"") }
        if page < lastPage {
            links.append("\(url(page + 1)); rel=\"next\"")
            links.append("\(url(lastPage)); rel=\"last\"")
        }
        if page > 1 { links.append("\(url(1)); rel=\"first\"") }
        return links.joined(separator: ", ")
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }
}
