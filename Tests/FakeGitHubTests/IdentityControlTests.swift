import Foundation
import Testing

@testable import FakeGitHub

/// `POST /_fake/identity`: whom `GET /user` names for a token, so tests can rename an account or
/// hand its login to someone else (another id).
@Suite struct IdentityControlTests {
    static func request(_ method: String, _ path: String, token: String? = nil, body: String = "") -> FakeRequest {
        FakeRequest(
            method: method, path: path, prefix: "", query: [:], rawQuery: nil, token: token, ifNoneMatch: nil, ifModifiedSince: nil,
            userAgent: "tests", origin: "http://127.0.0.1:1", body: Data(body.utf8))
    }

    static func user(_ state: FakeGitHubState, token: String) async throws -> (id: Int64, login: String)? {
        let response = await state.authenticatedUser(
            request("GET", "/user", token: token), render: JSONRendering(apiBase: "http://127.0.0.1:1", avatarBase: "http://127.0.0.1:1"))
        guard response.status == 200 else { return nil }
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return (try #require(object["id"] as? Int64 ?? (object["id"] as? Int).map(Int64.init)), try #require(object["login"] as? String))
    }

    @Test func aTokenCanBeRenamedOrHandedToAnotherID() async throws {
        var configuration = FakeGitHub.Configuration()
        configuration.accountCount = 40
        configuration.repositoryCount = 100
        let fake = FakeGitHub(configuration)
        let control = ControlAPI(state: fake.state)
        let octocat = try #require(fake.dataset.account(login: "octocat"))
        #expect(try await Self.user(fake.state, token: FakeGitHub.octocatToken)?.id == octocat.id)

        let renamed = await control.handle(
            Self.request(
                "POST", "/_fake/identity", body: #"{"token": "\#(FakeGitHub.octocatToken)", "id": \#(octocat.id), "login": "octo-renamed"}"#
            ))
        #expect(renamed.status == 204)
        let after = try #require(try await Self.user(fake.state, token: FakeGitHub.octocatToken))
        #expect(after.id == octocat.id && after.login == "octo-renamed")

        // A token it did not know, for someone who took "octocat" with another id.
        let newcomer = "ghp_FAKEnewcomer000000000000000000000000000"
        #expect(try await Self.user(fake.state, token: newcomer) == nil)
        await fake.setIdentity(token: newcomer, id: 99_999, login: "octocat")
        let taken = try #require(try await Self.user(fake.state, token: newcomer))
        #expect(taken.id == 99_999 && taken.login == "octocat")

        let bad = await control.handle(Self.request("POST", "/_fake/identity", body: #"{"token": ""}"#))
        #expect(bad.status == 400)
    }
}
