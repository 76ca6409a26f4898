/// Sends requests to GitHub and returns the raw answer, whatever its status.
///
/// Only failures to get an answer at all (no connection, time-out, a dropped body) throw.
/// The store wraps a transport to add its response cache; `GitHubClient` sits on top.
public protocol GitHubTransport: Sendable {
    func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse
}
