/// A way the fake can misbehave, switched on per path by a test.
public enum Fault: Sendable, Hashable {
    /// 500 with GitHub's JSON error body.
    case serverError
    /// 502 with an HTML body, as a proxy in front of GitHub sends.
    case badGateway
    /// Waits this many seconds before answering normally (past a client's time-out).
    case slow(seconds: Double)
    /// Sends the headers and half the body, then closes the connection.
    case dropConnection
    /// 200 with JSON cut off in the middle.
    case malformedJSON
    /// 200 with valid JSON of the wrong shape.
    case wrongShape
    /// 403 "secondary rate limit" with `retry-after`.
    case secondaryRateLimit(retryAfter: Int)
    /// Search answers with `incomplete_results: true`.
    case incompleteResults
    /// 422 as search answers past its 1,000-result cap.
    case pastSearchCap
    /// 404 with GitHub's body, as for something deleted or never there.
    case notFound
    /// 451 with GitHub's body for a repository blocked for legal reasons (a DMCA takedown).
    case blocked
    /// A list (or search) answer with one more item of a shape no client knows (`{"shape": "older"}`),
    /// as GitHub sends events of older shapes.
    case oddItems
    /// 200 with a JSON body of this many bytes (an array padded with spaces), streamed in chunks
    /// without holding it; with `declaresLength` false it goes chunked, without `Content-Length`.
    case huge(bytes: Int, declaresLength: Bool)

    /// Parses the names the control API and `fake-github --fault` use.
    public init?(name: String, seconds: Double? = nil, retryAfter: Int? = nil, bytes: Int? = nil) {
        switch name.lowercased() {
        case "500", "server-error": self = .serverError
        case "502", "bad-gateway": self = .badGateway
        case "slow": self = .slow(seconds: seconds ?? 5)
        case "drop", "drop-connection": self = .dropConnection
        case "malformed", "malformed-json": self = .malformedJSON
        case "wrong-shape": self = .wrongShape
        case "secondary", "secondary-rate-limit": self = .secondaryRateLimit(retryAfter: retryAfter ?? 60)
        case "incomplete", "incomplete-results": self = .incompleteResults
        case "422", "past-search-cap": self = .pastSearchCap
        case "404", "not-found": self = .notFound
        case "451", "blocked": self = .blocked
        case "odd-items": self = .oddItems
        case "huge": self = .huge(bytes: max(2, bytes ?? 58_000_000), declaresLength: true)
        case "huge-chunked": self = .huge(bytes: max(2, bytes ?? 58_000_000), declaresLength: false)
        default: return nil
        }
    }
}

/// A fault on every request whose path starts with `pathPrefix` ("" for all), `remaining` times (nil: always).
struct FaultRule: Sendable {
    var pathPrefix: String
    var fault: Fault
    var remaining: Int?
}
