import Foundation
import Testing

@testable import GitHubAPI

/// What the debug log shows of a request: its shape, no names.
@Suite struct LoggedURLTests {
    @Test(arguments: [
        (
            "https://api.github.com/repos/mona/secret-plans/releases?per_page=5&page=2",
            "https://api.github.com/repos/{owner}/{name}/releases?per_page=5&page=2"
        ),
        ("https://api.github.com/repos/mona/secret-plans", "https://api.github.com/repos/{owner}/{name}"),
        (
            "https://api.github.com/search/repositories?q=repo:mona/secret-plans%20stars:%3E5&sort=stars",
            "https://api.github.com/search/repositories?q=…&sort=stars"
        ),
        ("https://api.github.com/users/mona/repos?page=3", "https://api.github.com/users/{login}/repos?page=3"),
        ("https://ghe.example/api/v3/orgs/acme/repos", "https://ghe.example/api/v3/orgs/{org}/repos"),
        ("https://api.github.com/repositories/42/readme", "https://api.github.com/repositories/42/readme"),
        ("https://u:p@ghe.example/api/v3/rate_limit", "https://ghe.example/api/v3/rate_limit"),
    ])
    func aURLIsLoggedByItsShape(url: String, shown: String) throws {
        #expect(LoggedURL.shape(try #require(URL(string: url))) == shown)
    }
}
