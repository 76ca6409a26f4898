import Foundation

/// Where and how to reach GitHub's REST API.
public struct GitHubConfiguration: Sendable {
    /// `https://api.github.com`, or `https://HOST/api/v3` for GitHub Enterprise Server.
    public var baseURL: URL
    /// A personal access token; sent only to `baseURL`'s origin, never logged. Callers check it
    /// with `GitHubToken.isWellFormed` where it enters; one that is not well formed is never sent
    /// (`HTTPTransport` refuses the request with a sentence that does not hold it).
    public var token: String?
    public var userAgent: String
    /// How long one request may take, from sending it to the last byte of the answer.
    public var timeout: Duration
    public var apiVersion: String

    public init(
        baseURL: URL,
        token: String? = nil,
        userAgent: String = "Starscope",
        timeout: Duration = .seconds(30),
        apiVersion: String = "2022-11-28"
    ) {
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.userAgent = userAgent
        self.timeout = timeout
        self.apiVersion = apiVersion
    }
}
