import CoreMetrics
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// What the server asks GitHub and how its cache answers, as swift-metrics counters and gauges
/// made by one factory (`serve --metrics`'s Prometheus registry; nothing at all by default).
///
/// Every label value is one of a few known words or a status code: nothing GitHub or a client
/// sends reaches a label as it is, and no token, login or repository name is ever one.
public struct GitHubMetrics: Sendable {
    let factory: any MetricsFactory

    public init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// Records nothing.
    public static let off = GitHubMetrics(factory: NOOPMetricsHandler.instance)

    /// The rate-limit buckets GitHub names in `x-ratelimit-resource`; any other counts as `other`.
    static let resources: Set<String> = [
        "core", "search", "graphql", "code_search", "integration_manifest", "source_import", "code_scanning_upload",
        "actions_runner_registration", "scim", "dependency_snapshots", "audit_log",
    ]

    /// One request sent to GitHub, by the bucket it spent from and its status (or why none came).
    func requested(_ request: GitHubRequest, result: Result<GitHubResponse, GitHubError>) {
        let status: String
        var resource = Self.resource(of: request)
        switch result {
        case .success(let response):
            status = (100..<600).contains(response.status) ? String(response.status) : "other"
            if let named = response.rateLimit?.resource { resource = Self.resources.contains(named) ? named : "other" }
        case .failure(.timeout): status = "timeout"
        case .failure(.offline): status = "unreachable"
        case .failure(.tooLarge): status = "too_large"
        case .failure: status = "error"
        }
        Counter(
            label: "starscope_github_requests_total", dimensions: [("resource", resource), ("status", status)], factory: factory
        ).increment()
    }

    /// What is left of the server's token's budget in `rateLimit`'s bucket.
    func remaining(_ rateLimit: RateLimit) {
        let resource = Self.resources.contains(rateLimit.resource) ? rateLimit.resource : "other"
        Gauge(label: "starscope_github_rate_limit_remaining", dimensions: [("resource", resource)], factory: factory)
            .record(max(0, rateLimit.remaining))
    }

    /// One answer the cache gave, by how it came.
    func answered(_ outcome: CacheOutcome) {
        Counter(label: "starscope_cache_answers_total", dimensions: [("outcome", outcome.rawValue)], factory: factory).increment()
    }

    /// The bucket a request spends from before GitHub says: search and GraphQL have their own.
    static func resource(of request: GitHubRequest) -> String {
        let path: String
        switch request.target {
        case .path(let given, _): path = given
        case .url(let url): path = url.path
        }
        if path.contains("/search/") { return "search" }
        if path.hasSuffix("/graphql") { return "graphql" }
        return "core"
    }
}

/// A transport that counts what goes to GitHub (`GitHubMetrics`), and for the server's own token
/// what its budget has left.
struct MeteredTransport: GitHubTransport {
    let upstream: any GitHubTransport
    let metrics: GitHubMetrics
    /// Whether this is the server's own token, whose budget the metrics show.
    let recordsBudget: Bool

    func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
        do {
            let response = try await upstream.send(request)
            metrics.requested(request, result: .success(response))
            if recordsBudget, let rateLimit = response.rateLimit { metrics.remaining(rateLimit) }
            return response
        } catch {
            metrics.requested(request, result: .failure(error))
            throw error
        }
    }
}
