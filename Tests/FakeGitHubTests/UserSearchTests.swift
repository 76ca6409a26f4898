import Foundation
import Testing

@testable import FakeGitHub

/// The fake's `GET /search/users`: GitHub's envelope and item shape (with `score`), best match
/// first, `sort=followers`, and `no-cache` without an ETag, as GitHub answers search.
@Suite struct UserSearchTests {
    static func search(_ state: FakeGitHubState, _ query: [String: String]) async -> FakeResponse {
        let request = FakeRequest(
            method: "GET", path: "/search/users", prefix: "", query: query, rawQuery: nil, token: nil, ifNoneMatch: nil,
            ifModifiedSince: nil, userAgent: "tests", origin: "http://127.0.0.1:1", body: Data())
        return await state.searchUsers(
            request, render: JSONRendering(apiBase: "http://127.0.0.1:1", avatarBase: "http://127.0.0.1:1/avatars"), incomplete: false)
    }

    @Test func answersInGitHubsShapeBestMatchFirst() async throws {
        var configuration = FakeGitHub.Configuration()
        configuration.accountCount = 60
        configuration.repositoryCount = 100
        let fake = FakeGitHub(configuration)
        let response = await Self.search(fake.state, ["q": "octo"])
        #expect(response.status == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(body["incomplete_results"] as? Bool == false)
        let items = try #require(body["items"] as? [[String: Any]])
        #expect(body["total_count"] as? Int == items.count)
        let first = try #require(items.first)
        #expect(first["login"] as? String == "octocat")
        for field in ["id", "node_id", "avatar_url", "html_url", "url", "type", "site_admin", "score"] {
            #expect(first.keys.contains(field), "missing \(field)")
        }
        guard case .noCache = response.caching else {
            Issue.record("user search must be no-cache without an ETag, as GitHub's search is")
            return
        }

        let byFollowers = await Self.search(fake.state, ["q": "e", "sort": "followers", "per_page": "100"])
        let logins = try #require(
            (try JSONSerialization.jsonObject(with: byFollowers.body) as? [String: Any])?["items"] as? [[String: Any]]
        ).compactMap { $0["login"] as? String }
        let followers = logins.compactMap { fake.dataset.account(login: $0)?.followers }
        #expect(followers.count == logins.count && !followers.isEmpty)
        #expect(followers == followers.sorted(by: >))
    }
}
