import Foundation
import Testing

@testable import FakeGitHub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fake's GraphQL over real sockets: GitHub's star Lists read by cursor and changed by its
/// mutations, with GitHub's errors (unknown fields, missing scopes, no token) and own rate limit.
@Suite struct StarListsGraphQLTests {
    static func configuration() -> FakeGitHub.Configuration {
        var configuration = FakeGitHub.Configuration()
        configuration.accountCount = 40
        configuration.repositoryCount = 100
        return configuration
    }

    static func post(_ url: URL, _ query: String, token: String? = FakeGitHub.octocatToken, variables: [String: Any] = [:]) async throws
        -> (status: Int, object: [String: Any], headers: [String: String])
    {
        var request = URLRequest(url: url.appendingPathComponent("graphql"))
        request.httpMethod = "POST"
        request.setValue("tests", forHTTPHeaderField: "User-Agent")
        if let token { request.setValue("bearer \(token)", forHTTPHeaderField: "Authorization") }
        request.httpBody = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let headers = Dictionary(
            http.allHeaderFields.compactMap { key, value in (key as? String).map { ($0.lowercased(), "\(value)") } },
            uniquingKeysWith: { first, _ in first })
        return (http.statusCode, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]), headers)
    }

    static let listsQuery = """
        query($after: String) { viewer { login lists(first: 2, after: $after) { totalCount
          nodes { id name slug description isPrivate items(first: 100) { totalCount nodes { ... on Repository { id nameWithOwner } } } }
          pageInfo { hasNextPage endCursor } } } }
        """

    @Test func theViewersListsArePagedByCursorWithTheirRepositories() async throws {
        try await FakeGitHub.with(Self.configuration()) { fake, url in
            let first = try await Self.post(url, Self.listsQuery)
            #expect(first.status == 200)
            #expect(first.headers["x-ratelimit-resource"] == "graphql")
            #expect(first.headers["x-oauth-scopes"] == "repo, user")
            let lists = try #require((first.object["data"] as? [String: Any])?["viewer"] as? [String: Any])["lists"] as? [String: Any]
            #expect(lists?["totalCount"] as? Int == 3)
            let nodes = try #require(lists?["nodes"] as? [[String: Any]])
            #expect(nodes.compactMap { $0["name"] as? String } == ["Tools", "Reading later"])
            #expect(nodes.compactMap { $0["isPrivate"] as? Bool } == [false, true])
            let seeded = await fake.starLists(of: "octocat")
            let items = try #require((nodes.first?["items"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(items.compactMap { $0["nameWithOwner"] as? String } == seeded[0].repositories)
            #expect(items.allSatisfy { ($0["id"] as? String)?.hasPrefix("R_kgDO") == true })
            let pageInfo = try #require(lists?["pageInfo"] as? [String: Any])
            #expect(pageInfo["hasNextPage"] as? Bool == true)
            let second = try await Self.post(url, Self.listsQuery, variables: ["after": try #require(pageInfo["endCursor"] as? String)])
            let rest = try #require(
                (((second.object["data"] as? [String: Any])?["viewer"] as? [String: Any])?["lists"] as? [String: Any])?["nodes"]
                    as? [[String: Any]])
            #expect(rest.compactMap { $0["name"] as? String } == ["Odd one"])
        }
    }

    @Test func othersSeeOnlyPublicListsAndUnknownFieldsFailAsOnGitHub() async throws {
        try await FakeGitHub.with(Self.configuration()) { fake, url in
            let theirs = try await Self.post(url, #"{ user(login: "groue") { lists(first: 10) { nodes { name } } } }"#)
            let names =
                ((((theirs.object["data"] as? [String: Any])?["user"] as? [String: Any])?["lists"] as? [String: Any])?["nodes"]
                as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["Databases"])
            let unknown = try await Self.post(url, "{ viewer { lists(first: 1) { nodes { stars } } } }")
            #expect(unknown.status == 200)
            #expect(unknown.object["data"] == nil)
            let message = ((unknown.object["errors"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
            #expect(message.contains("Cannot query field \"stars\""))
            let unpaged = try await Self.post(url, "{ viewer { lists { totalCount } } }")
            #expect(((unpaged.object["errors"] as? [[String: Any]])?.first?["type"] as? String) == "MISSING_PAGINATION_BOUNDARIES")
            let anonymous = try await Self.post(url, "{ viewer { login } }", token: nil)
            #expect(anonymous.status == 401)
            #expect(await fake.graphQLMutations().isEmpty)
        }
    }

    @Test func mutationsChangeListsAndATokenWithoutUserScopeChangesNothing() async throws {
        try await FakeGitHub.with(Self.configuration()) { fake, url in
            let created = try await Self.post(
                url,
                #"mutation { createUserList(input: {name: "New one", description: "d", isPrivate: true}) { list { id name isPrivate } } }"#)
            let list = try #require(
                ((created.object["data"] as? [String: Any])?["createUserList"] as? [String: Any])?["list"] as? [String: Any])
            let id = try #require(list["id"] as? String)
            #expect(list["isPrivate"] as? Bool == true)
            let repository = try #require(fake.dataset.repositories.dropFirst(20).first)
            let set = try await Self.post(
                url,
                "mutation($item: ID!, $lists: [ID!]!) { updateUserListsForItem(input: {itemId: $item, listIds: $lists}) { lists { name } } }",
                variables: ["item": "R_kgDO\(repository.id)", "lists": [id, "UL_kwDOFAKE1"]])
            #expect(set.object["errors"] == nil)
            let after = await fake.starLists(of: "octocat")
            #expect(after.first { $0.name == "New one" }?.repositories == [repository.fullName])
            #expect(after.first { $0.name == "Tools" }?.repositories.last == repository.fullName)
            #expect(await fake.graphQLMutations() == ["createUserList", "updateUserListsForItem"])

            await fake.setScopes(["repo"], of: FakeGitHub.octocatToken)
            let refused = try await Self.post(url, #"mutation { createUserList(input: {name: "Nope"}) { list { id } } }"#)
            #expect(refused.status == 200)
            #expect(((refused.object["data"] as? [String: Any])?["createUserList"]) is NSNull)
            let error = try #require((refused.object["errors"] as? [[String: Any]])?.first)
            #expect(error["type"] as? String == "INSUFFICIENT_SCOPES")
            #expect(error["path"] as? [String] == ["createUserList"])
            #expect((error["message"] as? String)?.contains("['user']") == true)
            #expect(await fake.starLists(of: "octocat").map(\.name) == after.map(\.name))
        }
    }
}
