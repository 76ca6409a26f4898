import AsyncHTTPClient
import FakeGitHub
import Foundation
import GitHubAPI

/// Runs a fake GitHub and a real HTTP client pointed at it, for integration tests over real sockets.
/// The default time-out is a hang guard, not a speed test: the suite runs hundreds of tests at
/// once on two cores, so an answer may wait its turn for seconds.
@discardableResult
public func withFakeClient<T: Sendable>(
    _ configuration: FakeGitHub.Configuration = FakeGitHub.Configuration(),
    token: String? = nil,
    timeout: Duration = .seconds(60),
    basePath: String = "",
    _ body: @Sendable (GitHubClient, FakeGitHub) async throws -> T
) async throws -> T {
    try await FakeGitHub.with(configuration) { fake, url in
        let baseURL = URL(string: url.absoluteString + basePath) ?? url
        return try await withClient(baseURL: baseURL, token: token, timeout: timeout) { client in
            try await body(client, fake)
        }
    }
}

/// A real client for `baseURL`, shut down when `body` returns.
@discardableResult
public func withClient<T: Sendable>(
    baseURL: URL,
    token: String? = nil,
    timeout: Duration = .seconds(60),
    _ body: @Sendable (GitHubClient) async throws -> T
) async throws -> T {
    let github = GitHubConfiguration(baseURL: baseURL, token: token, userAgent: "StarscopeTests", timeout: timeout)
    return try await HTTPClient.withHTTPClient(configuration: HTTPTransport.httpClientConfiguration(timeout: timeout)) { http in
        try await body(GitHubClient(transport: HTTPTransport(configuration: github, httpClient: http)))
    }
}

/// A smaller world for tests that do not need thousands of repositories.
public func smallFake() -> FakeGitHub.Configuration {
    var configuration = FakeGitHub.Configuration()
    configuration.accountCount = 40
    configuration.repositoryCount = 600
    return configuration
}

/// A world made at `now` with a day's list to show (about 20 repositories made in each day before
/// it), for tests of "Today" at a chosen moment.
public func dayWorld(at now: Date) -> FakeGitHub.Configuration {
    var configuration = smallFake()
    configuration.repositoryCount = 2_000
    configuration.now = now
    return configuration
}

/// The `GitHubError` that `body` throws, or nil when it succeeds (or throws something else).
public func gitHubFailure<T>(_ body: () async throws -> T) async -> GitHubError? {
    do {
        _ = try await body()
        return nil
    } catch let error as GitHubError {
        return error
    } catch {
        return nil
    }
}
