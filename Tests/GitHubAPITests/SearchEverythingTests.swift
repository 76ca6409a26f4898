import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeTestSupport
import Testing

/// `GET /search/users` and `GET /search/repositories` of any age, through the real client against
/// the fake over real sockets: GitHub's envelope, paging, qualifiers, errors and search rate limit.
@Suite struct SearchEverythingTests {
    @Test func aLoginsFirstLettersFindItFirst() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let page = try await client.searchUsers(query: "octo")
            #expect(page.items.first?.login == "octocat")
            #expect(page.totalCount == page.items.count)
            // Every account whose login starts with a letter is found, exact and prefix matches first.
            let letter = try #require(fake.dataset.accounts.first { $0.login.count > 3 }).login.prefix(2).lowercased()
            let expected = fake.dataset.accounts.filter {
                $0.login.lowercased().contains(letter) || ($0.name ?? "").lowercased().contains(letter)
            }
            let all = try await client.searchUsers(query: letter, perPage: 100)
            #expect(Set(all.items.map(\.login)) == Set(expected.map(\.login)))
            let ranks = all.items.map { account in
                let login = account.login.lowercased()
                return login == letter ? 0 : login.hasPrefix(letter) ? 1 : login.contains(letter) ? 2 : 3
            }
            #expect(ranks == ranks.sorted())
        }
    }

    @Test func userSearchPagesWithoutLossOrDuplicatesAndTakesQualifiers() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            var seen: [String] = []
            var page = try await client.searchUsers(query: "a", perPage: 7)
            seen += page.items.map(\.login)
            while let next = try await client.nextPage(after: page) {
                seen += next.items.map(\.login)
                page = next
            }
            #expect(seen.count == Set(seen).count)
            #expect(seen.count == page.totalCount)
            let organisations = try await client.searchUsers(query: "type:org", perPage: 100)
            #expect(!organisations.items.isEmpty)
            #expect(organisations.items.allSatisfy { $0.kind == .organization })
            #expect(organisations.items.count == fake.dataset.accounts.filter(\.isOrganization).count)
        }
    }

    @Test func userSearchRefusesWhatGitHubRefuses() async throws {
        try await withFakeClient(smallFake()) { client, _ in
            for query in ["", "type:robot", String(repeating: "a", count: 257)] {
                guard case .validationFailed? = await gitHubFailure({ try await client.searchUsers(query: query) }) else {
                    Issue.record("\(query.prefix(20)) was not refused")
                    continue
                }
            }
        }
    }

    @Test func userSearchCountsAgainstTheSearchLimit() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            await fake.setRemaining(0, resource: "search")
            guard case .rateLimited(let resource, _, _)? = await gitHubFailure({ try await client.searchUsers(query: "octo") }) else {
                Issue.record("no rate limit")
                return
            }
            #expect(resource == "search")
            // The core limit is untouched: a profile still answers.
            let profile = try await client.profile(login: "octocat")
            #expect(profile.login == "octocat")
        }
    }

    @Test func repositorySearchFindsAnyAgeWithQualifiers() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let old = try #require(
                fake.dataset.repositories.filter { !$0.fork && !$0.isPrivate && $0.createdAt < Date().addingTimeInterval(-400 * 86_400) }
                    .max { $0.stars < $1.stars })
            let page = try await client.searchRepositories(query: "\(old.name) user:\(old.ownerLogin)", sort: nil, perPage: 100)
            #expect(page.items.contains { $0.fullName == old.fullName })
            if let language = old.language {
                let swift = try await client.searchRepositories(
                    query: "language:\"\(language)\" stars:>\(max(0, old.stars - 1)) user:\(old.ownerLogin)", sort: nil, perPage: 100)
                #expect(swift.items.contains { $0.fullName == old.fullName })
                #expect(swift.items.allSatisfy { $0.language == language && $0.stargazersCount >= old.stars })
            }
            // `repo:`, `archived:`, `forks:` and `pushed:` narrow as GitHub's do.
            let exact = try await client.searchRepositories(query: "repo:\(old.fullName.uppercased())", sort: nil)
            #expect(exact.items.map(\.fullName) == [old.fullName])
            let archived = try await client.searchRepositories(query: "archived:true", sort: nil, perPage: 100)
            #expect(!archived.items.isEmpty && archived.items.allSatisfy(\.archived))
            let forked = try await client.searchRepositories(query: "forks:>=\(old.forks) user:\(old.ownerLogin)", sort: nil, perPage: 100)
            #expect(forked.items.contains { $0.fullName == old.fullName } && forked.items.allSatisfy { $0.forksCount >= old.forks })
            let pushedDay = ISO8601DateFormatter().string(from: old.pushedAt).prefix(10)
            let pushed = try await client.searchRepositories(query: "pushed:\(pushedDay) user:\(old.ownerLogin)", sort: nil, perPage: 100)
            #expect(pushed.items.contains { $0.fullName == old.fullName })
            guard case .validationFailed? = await gitHubFailure({ try await client.searchRepositories(query: "created:yesterday") }) else {
                Issue.record("a bad qualifier was not refused")
                return
            }
        }
    }
}
