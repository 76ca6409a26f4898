import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StarscopeWeb

/// Issue 27, point 7: a browser's navigation to a list or account page gets the shell and a
/// placeholder before the rows when GitHub is slow; anything else gets the whole page with its
/// real status. (The order of arrival is measured in Chromium: Tests/browser/test_never_frozen.py.)
@Suite struct NeverFrozenTests {
    static let navigate: HTTPFields = [HTTPField.Name("Sec-Fetch-Mode")!: "navigate"]

    @Test(arguments: [
        ("/?since=month", "/search/repositories", "class=\"repo-row"),
        ("/users/octocat", "/users/octocat", "class=\"repo-row"),
        ("/users/octocat/activity", "/users/octocat/events", "class=\"event-row"),
        ("/users", "/users", "class=\"person-row"),
    ])
    func aSlowGitHubGetsTheShellFirstThenTheRowsInTheSameAnswer(page: String, upstream: String, row: String) async throws {
        try await WebHarness.run { web in
            await web.fake.inject(.slow(seconds: 1), path: upstream)
            let response = try await web.get(page, headers: Self.navigate)
            let html = String(buffer: response.body)
            #expect(response.status == .ok)
            let placeholder = try #require(html.range(of: "<div class=\"loading-rows\" role=\"status\" aria-busy=\"true\">"))
            let rows = try #require(html.range(of: row))
            #expect(placeholder.upperBound < rows.lowerBound)
            // One document: the shell's head and tail around the rows, nothing doubled.
            #expect(html.components(separatedBy: "</html>").count == 2)
            #expect(html.components(separatedBy: "<nav class=\"tabs\"").count == 2)
            #expect(html.components(separatedBy: "<!--rows-->").count == 2)
        }
    }

    @Test func scriptsAndCrawlersGetWholePagesWithTheirRealStatus() async throws {
        try await WebHarness.run { web in
            await web.fake.inject(.slow(seconds: 0.3), path: "/users/nobody-at-all")
            let response = try await web.get("/users/nobody-at-all")
            let html = String(buffer: response.body)
            #expect(response.status == .notFound)
            #expect(!html.contains("loading-rows"))
            #expect(html.contains("Not found"))
        }
    }

    @Test func anUnknownAccountPastTheGraceSaysNotFoundWhereTheRowsWouldBe() async throws {
        try await WebHarness.run { web in
            await web.fake.inject(.slow(seconds: 0.5), path: "/users/nobody-at-all")
            for page in ["/users/nobody-at-all", "/users/nobody-at-all/activity"] {
                let response = try await web.get(page, headers: Self.navigate)
                let html = String(buffer: response.body)
                // The shell went out with 200 before GitHub said no: the page says it in words.
                #expect(response.status == .ok)
                let placeholder = try #require(html.range(of: "loading-rows"))
                let notFound = try #require(html.range(of: "not-found"))
                #expect(placeholder.upperBound < notFound.lowerBound)
            }
        }
    }

    @Test func aSharedStoreSendsWholePages() async throws {
        try await WebHarness.run(store: .postgres) { web in
            await web.fake.inject(.slow(seconds: 0.3), path: "/search/repositories")
            let response = try await web.get("/?since=month", headers: Self.navigate)
            let html = String(buffer: response.body)
            #expect(response.status == .ok)
            #expect(!html.contains("loading-rows"))
            #expect(html.contains("class=\"repo-row"))
        }
    }
}
