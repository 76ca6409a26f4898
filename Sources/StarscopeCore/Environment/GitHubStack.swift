import AsyncHTTPClient
import Foundation
import GitHubAPI
import Logging
import StarscopeStore

/// The one place that stacks the layers between a use case and GitHub: configuration →
/// `HTTPTransport` → `MeteredTransport` → `CachingTransport` → `GitHubClient` → `ReadContext`. The terminal builds one per
/// run; `serve` builds one per token in use.
public struct GitHubStack: Sendable {
    public let environment: StarscopeEnvironment
    public let database: any Store
    public let clients: HTTPClientSource
    public let logger: Logger
    /// What is asked of GitHub and how the cache answers (`serve --metrics`); off by default.
    public var metrics = GitHubMetrics.off
    /// The key that names each token's part of the answer cache (`CacheKey`, in the configuration
    /// directory): read once here.
    let cacheKey: Data

    public init(environment: StarscopeEnvironment, database: any Store, httpClient: HTTPClient, logger: Logger? = nil) {
        self.init(environment: environment, database: database, clients: HTTPClientSource(httpClient), logger: logger)
    }

    /// With a client made only when a request is sent (`HTTPClientSource(making:)`): the terminal's.
    public init(environment: StarscopeEnvironment, database: any Store, clients: HTTPClientSource, logger: Logger? = nil) {
        self.environment = environment
        self.database = database
        self.clients = clients
        let logger = logger ?? environment.logger("starscope.github")
        self.logger = logger
        do {
            cacheKey = try CacheKey.open(directory: environment.configDirectory)
        } catch {
            // Answers are then kept for this process only: each run starts its own partitions.
            logger.warning("\(error.message) GitHub's answers are kept until Starscope stops.")
            cacheKey = CachePartition.newKey()
        }
    }

    /// The HTTP client's settings: the request time-out and the certificates to trust.
    public static func httpClientConfiguration(_ environment: StarscopeEnvironment) -> HTTPClient.Configuration {
        HTTPTransport.httpClientConfiguration(timeout: environment.timeout, trusting: environment.trustedCertificates)
    }

    /// Use cases over the cache, for `token`: fresh answers cost no request, stale ones are
    /// revalidated, and stored ones stand in when GitHub cannot answer.
    ///
    /// `viewer` is whose eyes GitHub's answers are read through (an account's own token, or the
    /// owner's, guests' and everyone's on the server's token): what may be shown and kept of
    /// them is the store's audience rule.
    ///
    /// With `allowance`, requests that reach GitHub (not those the cache answers) are spent from
    /// it, and refused once it is spent (the cache then answers with what it kept).
    public func reading(token: String?, viewer: Viewer, allowance: RequestAllowance? = nil) -> ReadContext {
        let configuration = environment.gitHubConfiguration(token: token)
        // The budget the metrics show is the server's own token's: not an account's.
        let isServers = viewer.accountKey == nil
        let metrics = self.metrics
        var upstream = network(configuration, recordsBudget: isServers)
        if let allowance { upstream = AllowanceTransport(upstream: upstream, allowance: allowance) }
        let cached = CachingTransport(
            upstream: upstream, database: database, configuration: configuration,
            policy: environment.cachePolicy, holder: viewer, partitionKey: cacheKey, observe: { metrics.answered($0) })
        return ReadContext(client: GitHubClient(transport: cached), database: database, viewer: viewer)
    }

    /// A client that always asks GitHub, for checks that must reach it (a token being saved).
    public func networkClient(token: String?) -> GitHubClient {
        GitHubClient(transport: network(environment.gitHubConfiguration(token: token)))
    }

    private func network(_ configuration: GitHubConfiguration, recordsBudget: Bool = false) -> any GitHubTransport {
        MeteredTransport(
            upstream: HTTPTransport(configuration: configuration, clients: clients, logger: logger), metrics: metrics,
            recordsBudget: recordsBudget)
    }
}
