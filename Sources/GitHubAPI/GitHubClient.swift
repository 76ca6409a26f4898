import Foundation
import StarscopeModels

/// Typed access to the GitHub REST endpoints Starscope uses, over any transport.
///
/// It knows GitHub, not Starscope: it turns statuses into `GitHubError`, decodes bodies and
/// follows `Link` pagination. Caching and offline answers belong to the transport beneath it.
public struct GitHubClient: Sendable {
    public let transport: any GitHubTransport
    /// How a cache beneath may answer this client's requests (every request it sends carries it).
    public let cacheUse: GitHubRequest.CacheUse

    public init(transport: any GitHubTransport, cacheUse: GitHubRequest.CacheUse = .reuseFresh) {
        self.transport = transport
        self.cacheUse = cacheUse
    }

    /// This client, its requests answered by a cache as `cacheUse` says.
    public func using(_ cacheUse: GitHubRequest.CacheUse) -> GitHubClient {
        GitHubClient(transport: transport, cacheUse: cacheUse)
    }

    /// Sends `request`; a 2xx or 304 is returned, any other status is thrown as `GitHubError`.
    public func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
        var request = request
        request.cacheUse = cacheUse
        let response = try await transport.send(request)
        if let error = GitHubError(response: response) { throw error }
        return response
    }

    func decode<T: Decodable>(_ type: T.Type, from response: GitHubResponse) throws(GitHubError) -> T {
        if let value = response.decoded as? T { return value }
        do {
            return try GitHubJSON.decode(T.self, from: response.body)
        } catch {
            throw .undecodable(reason: Self.describe(error, at: response.url))
        }
    }

    func get<T: Decodable & Sendable>(_ type: T.Type, _ request: GitHubRequest) async throws(GitHubError) -> T {
        try decode(T.self, from: try await send(request.expecting(T.self)))
    }

    static func describe(_ error: any Error, at url: URL) -> String {
        let path = url.path
        switch error as? DecodingError {
        case .dataCorrupted(let context)?:
            return "the answer from \(path) is not valid JSON (\(context.debugDescription))"
        case .keyNotFound(let key, _)?:
            return "the answer from \(path) lacks the field \"\(key.stringValue)\""
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "the answer from \(path) has an unexpected value at \"\(field)\""
        default:
            return "the answer from \(path) could not be read"
        }
    }
}

/// A path segment (login, owner or repository name), escaped so it cannot change the path.
func segment(_ value: String) -> String {
    PercentEncoding.encode(value)
}
