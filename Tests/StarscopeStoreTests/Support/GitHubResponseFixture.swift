import Foundation
import GitHubAPI

/// A 200 from GitHub with `body`, as the cache stores it.
enum GitHubResponseFixture {
    static func make(body: Data, etag: String) -> GitHubResponse {
        GitHubResponse(
            status: 200, headers: ["etag": etag, "content-type": "application/json"], body: body,
            url: URL(string: "https://api.github.com/repos/o/r")!)
    }
}
