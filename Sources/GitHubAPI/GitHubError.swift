import Foundation
import StarscopeModels

/// Everything that can go wrong talking to GitHub, told apart so callers can react to each.
public enum GitHubError: Error, Hashable, Sendable {
    /// 404: no such resource (GitHub says the same for private ones).
    case notFound(url: String)
    /// 401: the token is wrong, expired or revoked, or the endpoint needs one.
    case badCredentials(message: String)
    /// The primary rate limit for `resource` is used up until `reset` (nil when GitHub sent no
    /// `x-ratelimit-reset`); `limit` is 0 when GitHub did not say it.
    case rateLimited(resource: String, limit: Int, reset: Date?)
    /// A secondary (abuse) limit; wait `retryAfter` seconds (GitHub says at least a minute when absent).
    case secondaryRateLimit(retryAfter: Int?)
    /// 422: GitHub refused the request, with its message (such as the 1,000-result search cap).
    case validationFailed(message: String)
    /// 403 for another reason than a rate limit.
    case forbidden(message: String)
    /// 5xx.
    case serverError(status: Int)
    /// Any other status GitHub should not send for this request.
    case unexpectedStatus(status: Int, message: String)
    /// No answer: connection refused, host unknown, or the connection dropped mid-answer.
    case offline(reason: String)
    /// No complete answer within the configured time.
    case timeout
    /// An answer whose body is not the JSON GitHub documents.
    case undecodable(reason: String)
    /// A URL outside the configured API's origin (a token must never go there).
    case foreignURL(String)
    /// A request that could not be formed.
    case invalidRequest(String)
    /// The answer was larger than `limit` bytes; it was not read.
    case tooLarge(limit: Int)
    /// GraphQL: the token lacks the OAuth `scope` the operation needs (GitHub's `INSUFFICIENT_SCOPES`).
    case insufficientScopes(scope: String)
    /// GraphQL: another error GitHub reported, with its `type` (such as `NOT_FOUND`) and message.
    case graphQL(type: String, message: String)
}

extension GitHubError {
    /// Reads the error GitHub reports in a non-success response; nil for 2xx and 304.
    public init?(response: GitHubResponse) {
        let status = response.status
        if (200..<300).contains(status) || status == 304 { return nil }
        let message = ErrorBody.message(in: response.body) ?? "HTTP \(status)"
        switch status {
        case 401:
            self = .badCredentials(message: message)
        case 403, 429:
            // `x-ratelimit-remaining: 0` is the primary limit, with or without a reset header.
            if response.header("x-ratelimit-remaining").flatMap({ Count.parse($0) }) == 0,
                !message.lowercased().contains("secondary")
            {
                self = .rateLimited(
                    resource: response.header("x-ratelimit-resource") ?? (response.url.path.contains("/search/") ? "search" : "core"),
                    limit: response.header("x-ratelimit-limit").flatMap { Count.parse($0) } ?? 0,
                    reset: response.header("x-ratelimit-reset").flatMap { Count.epochDate($0) }
                )
            } else if message.lowercased().contains("secondary rate limit") || response.header("retry-after") != nil {
                self = .secondaryRateLimit(retryAfter: response.header("retry-after").flatMap { Count.parse($0) })
            } else if status == 429 {
                self = .secondaryRateLimit(retryAfter: nil)
            } else {
                self = .forbidden(message: message)
            }
        case 404:
            self = .notFound(url: response.url.absoluteString)
        case 422:
            self = .validationFailed(message: message)
        case 500..<600:
            self = .serverError(status: status)
        default:
            self = .unexpectedStatus(status: status, message: message)
        }
    }

    /// True when the failure is GitHub being unreachable or unwilling to answer now (including a
    /// token it no longer accepts), so that a stored answer may stand in for a fresh one.
    public var isTransient: Bool {
        switch self {
        case .offline, .timeout, .serverError, .rateLimited, .secondaryRateLimit, .badCredentials, .tooLarge: true
        default: false
        }
    }
}

/// GitHub's error body: `{"message", "documentation_url", "status", "errors"}`.
struct ErrorBody: Decodable {
    struct Detail: Decodable {
        var resource: String?
        var field: String?
        var code: String?
        var message: String?
    }

    var message: String?
    var errors: [Detail]?

    /// The message and, for validation failures, the first detail, in one line.
    static func message(in body: Data) -> String? {
        guard let error = try? JSONDecoder().decode(ErrorBody.self, from: body), let message = error.message else { return nil }
        guard let detail = error.errors?.first else { return message }
        if let text = detail.message { return "\(message): \(text)" }
        let parts = [detail.resource, detail.field, detail.code].compactMap { $0 }
        return parts.isEmpty ? message : "\(message) (\(parts.joined(separator: " ")))"
    }
}
