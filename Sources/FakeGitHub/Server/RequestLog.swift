import Foundation

/// One request the fake answered, for tests that count upstream requests.
public struct LoggedRequest: Sendable, Hashable, Codable {
    public var method: String
    /// The path without any `/api/v3` prefix, such as `/search/repositories`.
    public var path: String
    /// The raw query string, if any.
    public var query: String?
    public var status: Int
    public var authenticated: Bool
    /// The login of the token that asked (never the token), nil when none or an unknown one.
    public var login: String? = nil
    /// Whether the request carried `If-None-Match` or `If-Modified-Since`.
    public var conditional: Bool
    public var time: Date
}
