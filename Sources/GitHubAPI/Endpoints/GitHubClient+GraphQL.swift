import Foundation
import StarscopeModels

extension GitHubClient {
    /// `POST /graphql`: runs `query` with `variables` and returns its `data`. An answer with
    /// `errors` throws the first: `INSUFFICIENT_SCOPES` as `.insufficientScopes`, `RATE_LIMITED` as
    /// `.rateLimited` (resource `graphql`), any other as `.graphQL`. GraphQL answers HTTP 200 to
    /// all of these; statuses (401, 5xx, 403 limits) are read as for REST.
    public func graphQL(_ query: String, variables: [String: JSONValue] = [:]) async throws(GitHubError) -> JSONValue {
        var request = GitHubRequest(method: .post, target: .path("/graphql", query: []))
        do {
            request.body = try JSONEncoder().encode(JSONValue.object(["query": .string(query), "variables": .object(variables)]))
        } catch {
            throw .invalidRequest("the GraphQL request could not be written")
        }
        let response = try await send(request)
        let answer: JSONValue
        do {
            answer = try JSONDecoder().decode(JSONValue.self, from: response.body)
        } catch {
            throw .undecodable(reason: Self.describe(error, at: response.url))
        }
        if case .array(let errors)? = answer["errors"], let first = errors.first {
            throw Self.graphQLError(first, response: response)
        }
        guard let data = answer["data"], data != .null else {
            throw .undecodable(reason: "the answer from /graphql has no data")
        }
        return data
    }

    static func graphQLError(_ error: JSONValue, response: GitHubResponse) -> GitHubError {
        let type = error["type"]?.stringValue ?? ""
        let message = error["message"]?.stringValue ?? "GitHub's GraphQL API reported an error"
        switch type {
        case "INSUFFICIENT_SCOPES":
            // GitHub names the scopes it wants as ['user'] (or ['user', 'read:user']); the first.
            let wanted = message.range(of: "scopes: [").flatMap { start in
                message[start.upperBound...].split(separator: "]").first?.split(separator: ",").first
            }
            let scope = wanted.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "' ")) } ?? "user"
            return .insufficientScopes(scope: scope.isEmpty ? "user" : scope)
        case "RATE_LIMITED":
            return .rateLimited(
                resource: "graphql", limit: response.header("x-ratelimit-limit").flatMap { Count.parse($0) } ?? 0,
                reset: response.header("x-ratelimit-reset").flatMap { Count.epochDate($0) })
        default:
            return .graphQL(type: type, message: String(message.prefix(500)))
        }
    }
}
