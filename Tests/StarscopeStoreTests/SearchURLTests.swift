import Foundation
import Testing

@testable import StarscopeStore

/// `CachingTransport.isSearch` reads a stored URL byte by byte; it must say what Foundation's
/// parse says, since it decides which answers keep the search window instead of their `max-age`.
@Suite struct SearchURLTests {
    static let urls = [
        "https://api.github.com/search/repositories?q=created%3A%3E2026-11-20&sort=stars&order=desc&per_page=100&page=2",
        "https://api.github.com/search/users?q=location%3AOslo",
        "https://ghe.example.com/api/v3/search/repositories?q=a",
        "http://127.0.0.1:8081/api/v3/search/repositories",
        "https://api.github.com/repos/octocat/search/readme",
        "https://api.github.com/repos/search/search/releases?per_page=10",
        "https://api.github.com/repos/octocat/hello/contributors?q=/search/x",
        "https://api.github.com/users/search?tab=/search/",
        "https://api.github.com/repos/octocat/hello#/search/",
        "https://api.github.com/search",
        "https://api.github.com/search/",
        "https://api.github.com/searches/repositories",
        "https://api.github.com/xsearch/repositories",
        "https://search.example.com/api/v3/repos/a/b",
        "https://api.github.com",
        "https://api.github.com/",
        "https://api.github.com?/search/",
        "not a url",
        "",
        "https://api.github.com/SEARCH/repositories",
        "https://api.github.com/a/b/search/c/search/d",
    ]

    @Test(arguments: urls) func saysWhatFoundationSays(url: String) {
        let foundation = URL(string: url)?.path.contains("/search/") == true
        #expect(CachingTransport.isSearch(url) == foundation, "\(url)")
    }

    /// Random URLs built from GitHub's path segments, queries and fragments.
    @Test func randomURLs() {
        var generator = SystemRandomNumberGenerator()
        let hosts = ["https://api.github.com", "http://127.0.0.1:4010/api/v3", "https://ghe.example.com/api/v3/", "https://search.io"]
        let segments = ["search", "repos", "users", "octocat", "hello", "readme", "searching", "s", "", "search?", "x#search"]
        let tails = ["", "?q=a", "?q=/search/", "#/search/", "?a=b#c", "/"]
        for _ in 0..<2_000 {
            var url = hosts.randomElement(using: &generator) ?? ""
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                url += "/" + (segments.randomElement(using: &generator) ?? "")
            }
            url += tails.randomElement(using: &generator) ?? ""
            let foundation = URL(string: url)?.path.contains("/search/") == true
            #expect(CachingTransport.isSearch(url) == foundation, "\(url)")
        }
    }
}
