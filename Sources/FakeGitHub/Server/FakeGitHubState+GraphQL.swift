import Foundation
import GraphQL
import StarscopeModels

/// `POST /graphql`: authentication, faults and its own rate limit as `process` does for REST, then
/// the query executed against `GitHubGraphQLSchema`, answered in GitHub's shape (HTTP 200, `data`
/// and `errors`, each error with GitHub's `type` when it has one).
extension FakeGitHubState {
    func processGraphQL(_ request: FakeRequest) async -> (FakeResponse, delay: Double) {
        guard request.token != nil else {
            var response = FakeResponse.error(
                401, "This endpoint requires you to be authenticated.",
                documentation: "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql")
            response.counts = false
            record(request, status: 401, now: Date())
            return (response, 0)
        }
        // Faults, bad tokens and the rate limit, as for any request; the marker answer is replaced.
        var (response, delay) = process(request)
        guard response.status == 200, response.body == Self.graphQLMarker, let login = request.token.flatMap({ accounts.tokens[$0] }) else {
            return (response, delay)
        }
        let scopes = request.token.flatMap { accounts.tokenScopes[$0] } ?? ["repo", "user"]
        response.body = await execute(request.body, context: GraphQLContext(state: self, viewer: login, scopes: scopes, now: Date()))
        response.headers.append(("X-OAuth-Scopes", scopes.joined(separator: ", ")))
        delay = max(delay, 0)
        return (response, delay)
    }

    /// What `route` answers for `/graphql`: replaced by the executed query.
    static let graphQLMarker = Data("{\"graphql\":\"pending\"}".utf8)

    func execute(_ body: Data, context: GraphQLContext) async -> Data {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let query = object["query"] as? String else {
            return Self.errors([["message": "A query attribute must be specified and must be a string."]])
        }
        var variables: [String: Map] = [:]
        if let given = object["variables"] as? [String: Any],
            let data = try? JSONSerialization.data(withJSONObject: given),
            let decoded = try? JSONDecoder().decode([String: Map].self, from: data)
        {
            variables = decoded
        }
        do {
            let result = try await graphql(
                schema: GitHubGraphQLSchema.schema, request: query, context: context, variableValues: variables,
                operationName: object["operationName"] as? String)
            return Self.encode(result)
        } catch {
            return Self.errors([["message": "\(error)"]])
        }
    }

    /// GitHub's answer: `data` when execution began, `errors` each with its `type` (when GitHub has
    /// one), `path`, `locations` and `message`.
    static func encode(_ result: GraphQLResult) -> Data {
        var answer: [String: Any] = [:]
        if let data = result.data, let encoded = try? JSONEncoder().encode(data),
            let value = try? JSONSerialization.jsonObject(with: encoded)
        {
            answer["data"] = value
        }
        if !result.errors.isEmpty {
            answer["errors"] = result.errors.map { error -> [String: Any] in
                var entry: [String: Any] = ["message": error.message]
                if let failure = error.originalError as? FakeGraphQLFailure {
                    entry["type"] = failure.type
                    entry["message"] = failure.message
                }
                if !error.path.elements.isEmpty {
                    entry["path"] = error.path.elements.map { element -> Any in
                        switch element {
                        case .index(let index): index
                        case .key(let key): key
                        }
                    }
                }
                if !error.locations.isEmpty {
                    entry["locations"] = error.locations.map { ["line": $0.line, "column": $0.column] }
                }
                return entry
            }
        }
        return (try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    static func errors(_ entries: [[String: Any]]) -> Data {
        (try? JSONSerialization.data(withJSONObject: ["errors": entries], options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// An answer of GitHub's GraphQL rate limit: 200 with a `RATE_LIMITED` error.
    static func graphQLRateLimited(login: String) -> FakeResponse {
        FakeResponse(
            status: 200,
            body: errors([["type": "RATE_LIMITED", "message": "API rate limit already exceeded for user \(login)."]]))
    }

    func record(_ request: FakeRequest, status: Int, now: Date) {
        record(
            LoggedRequest(
                method: request.method, path: request.path, query: request.rawQuery, status: status, authenticated: false,
                login: nil, conditional: false, time: now))
    }

    func noteMutation(_ field: String) { listState.graphQLMutations.append(field) }

    // MARK: Views for the resolvers

    func userView(login: String) -> GraphQLUserView? {
        guard let account = dataset.account(login: login) else { return nil }
        return GraphQLUserView(id: "U_kgDO\(account.id)", login: account.login)
    }

    func viewerView(_ login: String) -> GraphQLUserView {
        userView(login: login) ?? GraphQLUserView(id: "U_kgDO0", login: login)
    }

    func repositoryView(_ index: Int) -> GraphQLRepositoryView {
        let repository = current(index)
        let owner = GraphQLUserView(id: "U_kgDO\(repository.ownerID)", login: repository.ownerLogin)
        return GraphQLRepositoryView(
            id: Self.nodeID(repository), name: repository.name, nameWithOwner: "\(repository.ownerLogin)/\(repository.name)",
            owner: owner, description: repository.description, stargazerCount: repository.stars, isPrivate: repository.isPrivate,
            url: "https://github.com/\(repository.ownerLogin)/\(repository.name)")
    }

    func repositoryView(fullName: String, seenBy login: String) -> GraphQLRepositoryView? {
        guard case .here(let index)? = locate(fullName), canSee(index, login: login) else { return nil }
        return repositoryView(index)
    }

    func listView(_ list: FakeStarList) -> GraphQLListView {
        let format = ISO8601DateFormatter()
        return GraphQLListView(
            id: list.id, name: list.name, slug: list.slug, description: list.description, isPrivate: list.isPrivate,
            createdAt: format.string(from: list.createdAt), updatedAt: format.string(from: list.updatedAt),
            lastAddedAt: list.lastAddedAt.map(format.string(from:)), repositories: list.items.map(repositoryView))
    }

    func listViews(of login: String, seenBy viewer: String) -> [GraphQLListView] {
        lists(of: login, seenBy: viewer).map(listView)
    }

    func graphQLCreateList(for login: String, name: String, description: String?, isPrivate: Bool, now: Date) throws -> GraphQLListView {
        listView(try createList(for: login, name: name, description: description, isPrivate: isPrivate, now: now))
    }

    func graphQLUpdateList(for login: String, id: String, name: String?, description: String?, isPrivate: Bool?, now: Date) throws
        -> GraphQLListView
    {
        listView(try updateList(for: login, id: id, name: name, description: description, isPrivate: isPrivate, now: now))
    }

    func graphQLDeleteList(for login: String, id: String) throws {
        try deleteList(for: login, id: id)
    }

    func graphQLSetLists(for login: String, itemID: String, to ids: [String], now: Date) throws -> (
        GraphQLRepositoryView, [GraphQLListView]
    ) {
        guard let index = repositoryPosition(nodeID: itemID, seenBy: login) else { throw Self.unresolved(itemID) }
        let lists = try setLists(for: login, item: index, to: ids, now: now)
        return (repositoryView(index), lists.map(listView))
    }
}
