import FakeGitHub

/// Every way GitHub can fail that the fault matrix drives through each face (terminal, web page,
/// live updates), with what a user must be told.
public enum FaultCase: String, CaseIterable, Sendable, CustomStringConvertible {
    case serverError = "500"
    case badGatewayHTML = "502 with an HTML body"
    case slowPastTimeout = "slow past the time-out"
    case droppedMidBody = "connection dropped mid-body"
    case malformedJSON = "malformed JSON"
    case wrongShape = "wrong JSON shape"
    case primaryRateLimit = "primary rate limit"
    case secondaryRateLimit = "secondary rate limit with retry-after"
    case badToken = "401 bad token"
    case notFound = "404"
    case pastSearchCap = "422 past the 1,000-result cap"
    case incompleteResults = "incomplete_results: true"

    public var description: String { rawValue }

    /// The token the face under test uses: valid until `inject` revokes it for `badToken`.
    public static let token = "ghp_FAULTMATRIX0000000000000000000000000000"

    /// A fake whose limits only `primaryRateLimit` reaches, accepting `token`.
    public static func configuration(_ base: FakeGitHub.Configuration) -> FakeGitHub.Configuration {
        var configuration = base
        configuration.tokens[token] = "octocat"
        configuration.maxAge = 0
        configuration.coreLimitAuthenticated = 100_000
        configuration.searchLimitAuthenticated = 100_000
        return configuration
    }

    /// Makes the fake fail this way for requests whose path starts with `path`.
    public func inject(into fake: FakeGitHub, path: String) async {
        switch self {
        case .serverError: await fake.inject(.serverError, path: path)
        case .badGatewayHTML: await fake.inject(.badGateway, path: path)
        case .slowPastTimeout: await fake.inject(.slow(seconds: 30), path: path)
        case .droppedMidBody: await fake.inject(.dropConnection, path: path)
        case .malformedJSON: await fake.inject(.malformedJSON, path: path)
        case .wrongShape: await fake.inject(.wrongShape, path: path)
        case .primaryRateLimit:
            await fake.setRemaining(0, token: Self.token, resource: path.hasPrefix("/search") ? "search" : "core")
        case .secondaryRateLimit: await fake.inject(.secondaryRateLimit(retryAfter: 30), path: path)
        case .badToken: await fake.revokeToken(Self.token)
        case .notFound: await fake.inject(.notFound, path: path)
        case .pastSearchCap: await fake.inject(.pastSearchCap, path: path)
        case .incompleteResults: await fake.inject(.incompleteResults, path: path)
        }
    }

    /// Puts the fake right again.
    public func clear(from fake: FakeGitHub) async {
        await fake.clearFaults()
        await fake.addToken(Self.token, login: "octocat")
        await fake.setRemaining(100_000, token: Self.token, resource: "search")
        await fake.setRemaining(100_000, token: Self.token, resource: "core")
    }

    /// Words the one message about this failure must hold (nil: not a failure).
    public var phrase: String? {
        switch self {
        case .serverError: "HTTP 500"
        case .badGatewayHTML: "HTTP 502"
        case .slowPastTimeout: "did not answer in time"
        case .droppedMidBody: "Could not reach GitHub"
        case .malformedJSON, .wrongShape: "cannot read"
        case .primaryRateLimit: "rate limit is used up"
        case .secondaryRateLimit: "slow down"
        case .badToken: "rejected the token"
        case .notFound: "not"
        case .pastSearchCap: "Only the first 1000 search results are available"
        case .incompleteResults: nil
        }
    }

    /// Whether a saved answer stands in (with a notice) when GitHub fails this way. A 404 or a
    /// 422 is an answer about the request itself, so it is shown instead.
    public var savedAnswerStandsIn: Bool {
        switch self {
        case .notFound, .pastSearchCap, .incompleteResults: false
        default: true
        }
    }

    /// What the banner says when a saved answer stands in.
    public var bannerPhrase: String {
        switch self {
        case .serverError, .badGatewayHTML: "GitHub is having trouble"
        case .malformedJSON, .wrongShape: "cannot read"
        case .primaryRateLimit: "limit is used up"
        case .secondaryRateLimit: "slow down"
        case .badToken: "rejected the token"
        default: "Offline — showing results from"
        }
    }

    /// Faults that make sense for a single repository (search-only ones aside).
    public static let repositoryFaults = allCases.filter { $0 != .pastSearchCap && $0 != .incompleteResults }
}
