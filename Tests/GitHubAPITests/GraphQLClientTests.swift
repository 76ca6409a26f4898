import FakeGitHub
import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import GitHubAPI

/// `GitHubClient.graphQL` against the fake over real sockets, on github.com's addresses and
/// GitHub Enterprise Server's, and GitHub's GraphQL errors read from its answers.
@Suite struct GraphQLClientTests {
    static func configuration() -> FakeGitHub.Configuration {
        var configuration = FakeGitHub.Configuration()
        configuration.accountCount = 40
        configuration.repositoryCount = 100
        return configuration
    }

    @Test(arguments: ["", "/api/v3"]) func listsAreReadOnBothKindsOfAddress(basePath: String) async throws {
        try await withFakeClient(Self.configuration(), token: FakeGitHub.octocatToken, basePath: basePath) { client, fake in
            let data = try await client.graphQL("query { viewer { login lists(first: 10) { totalCount } } }")
            #expect(data["viewer"]?["login"]?.stringValue == "octocat")
            #expect(data["viewer"]?["lists"]?["totalCount"] == .number(3))
            #expect(await fake.requests().map(\.path) == ["/graphql"])
        }
    }

    @Test func gitHubEnterpriseHasNoGraphQLUnderItsRESTAddress() throws {
        let base = try #require(URL(string: "https://ghe.example.com/api/v3"))
        let request = GitHubRequest(method: .post, target: .path("/graphql", query: []))
        #expect(try request.url(relativeTo: base).absoluteString == "https://ghe.example.com/api/graphql")
        #expect(
            try request.url(relativeTo: try #require(URL(string: "https://api.github.com"))).absoluteString
                == "https://api.github.com/graphql")
        #expect(try GitHubRequest.get("/repos/a/b").url(relativeTo: base).absoluteString == "https://ghe.example.com/api/v3/repos/a/b")
    }

    @Test func errorsAreReadAsGitHubSendsThem() async throws {
        try await withFakeClient(Self.configuration(), token: FakeGitHub.octocatToken) { client, fake in
            // A field GitHub does not have: an error, no data.
            await #expect {
                _ = try await client.graphQL("query { viewer { login starCount } }")
            } throws: { error in
                guard case .graphQL(_, let message) = error as? GitHubError else { return false }
                return message.contains("starCount")
            }
            // A token without the user scope, changing a List.
            await fake.setScopes(["repo"], of: FakeGitHub.octocatToken)
            let create = "mutation { createUserList(input: {name: \"x\"}) { list { id } } }"
            await #expect(throws: GitHubError.insufficientScopes(scope: "user")) { _ = try await client.graphQL(create) }
        }
    }

    @Test(arguments: [
        (
            "{\"errors\":[{\"type\":\"INSUFFICIENT_SCOPES\",\"message\":\"Your token has not been granted the required scopes to execute this query. The 'createUserList' field requires one of the following scopes: ['user'], but your token has only been granted the: ['repo'] scopes.\"}]}",
            GitHubError.insufficientScopes(scope: "user")
        ),
        ("{\"errors\":[{\"type\":\"INSUFFICIENT_SCOPES\",\"message\":\"scopes: []\"}]}", .insufficientScopes(scope: "user")),
        (
            "{\"errors\":[{\"type\":\"RATE_LIMITED\",\"message\":\"API rate limit exceeded\"}]}",
            .rateLimited(resource: "graphql", limit: 0, reset: nil)
        ),
        ("{\"errors\":[{\"message\":\"Something went wrong\"}]}", .graphQL(type: "", message: "Something went wrong")),
        ("{\"errors\":[{}]}", .graphQL(type: "", message: "GitHub's GraphQL API reported an error")),
    ])
    func errorEntriesMeanWhatGitHubMeans(body: String, expected: GitHubError) throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(body.utf8))
        let first = try #require(value["errors"]?.arrayValue?.first)
        let response = GitHubResponse(
            status: 200, headers: [:], body: Data(body.utf8), url: try #require(URL(string: "https://api.github.com/graphql")))
        #expect(GitHubClient.graphQLError(first, response: response) == expected)
    }
}
