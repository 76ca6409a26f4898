import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeTestSupport
import Testing

@testable import StarscopeCore

/// Searching all of GitHub through the core, and the links that open accounts.
@Suite struct SearchEverythingCoreTests {
    @Test(arguments: [
        ("https://github.com/octocat", "octocat"), ("https://github.com/octocat/", "octocat"),
        ("https://www.github.com/swiftlang?tab=repositories", "swiftlang"), ("https://github.com/orgs/apple", "apple"),
        ("  http://github.com/Octocat\n", "Octocat"),
    ])
    func accountLinksOpenTheAccount(link: String, login: String) throws {
        #expect(try DeepLink.target(from: link) == .account(login))
    }

    @Test func repositoryLinksStillOpenTheRepository() throws {
        #expect(
            try DeepLink.target(from: "https://github.com/swiftlang/swift")
                == .repository(RepositoryName(owner: "swiftlang", name: "swift")))
        #expect(try DeepLink.target(from: "swiftlang/swift") == .repository(RepositoryName(owner: "swiftlang", name: "swift")))
    }

    @Test(arguments: [
        "https://github.com/settings", "https://github.com/topics", "https://github.com/-bad", "https://gitlab.com/octocat",
        "https://github.com.evil.example/octocat", "starscope://user/octocat", "octocat", "javascript:alert(1)",
    ])
    func otherLinksAreRefusedInOneSentence(link: String) {
        #expect {
            try DeepLink.target(from: link)
        } throws: { error in
            guard case .invalidInput(let message) = error as? StarscopeError else { return false }
            return message.contains("is not a link Starscope can open") && !message.contains("\n")
        }
    }

    @Test func searchTextIsFoldedAndBounded() throws {
        #expect(try GitHubSearch(text: "  language:swift \n stars:>100 ").searchQuery() == "language:swift stars:>100")
        #expect(throws: StarscopeError.self) { try GitHubSearch(text: "   ").searchQuery() }
        #expect(throws: StarscopeError.self) { try GitHubSearch(text: String(repeating: "a", count: 257)).searchQuery() }
        #expect(try GitHubSearch(text: String(repeating: "a", count: 256)).searchQuery().count == 256)
    }

    @Test func peopleAreFoundByTheirLoginsFirstLetters() async throws {
        try await withFakeClient(smallFake()) { client, _ in
            let result = try await ReadContext(client: client, viewer: .owner).search.searchUsers(
                GitHubSearch(text: "octo", kind: .users), limit: 5)
            #expect(result.items.first?.login == "octocat")
            let window = try await ReadContext(client: client, viewer: .owner).search.searchUsersPage(
                GitHubSearch(text: "a", kind: .users), page: 1, rows: 5)
            #expect(window.items.count == 5)
            #expect(window.nextPage == 2)
            let second = try await ReadContext(client: client, viewer: .owner).search.searchUsersPage(
                GitHubSearch(text: "a", kind: .users), page: 2, rows: 5)
            #expect(Set(window.items.map(\.login)).isDisjoint(with: second.items.map(\.login)))
        }
    }

    @Test func repositoriesOfAnyAgeAreFoundAndABadQualifierIsOneSentence() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let old = try #require(
                fake.dataset.repositories.filter { !$0.fork && !$0.isPrivate && $0.createdAt < Date().addingTimeInterval(-400 * 86_400) }
                    .first)
            let reading = ReadContext(client: client, viewer: .owner)
            let found = try await reading.search.searchRepositories(GitHubSearch(text: "\(old.name) user:\(old.ownerLogin)"), limit: 100)
            #expect(found.items.contains { $0.fullName == old.fullName })
            await #expect {
                try await reading.search.searchRepositories(GitHubSearch(text: "stars:lots"), limit: 10)
            } throws: { error in
                guard case .invalidInput(let message) = error as? StarscopeError else { return false }
                return message.hasPrefix("GitHub could not read that search: check its qualifiers")
            }
            await #expect {
                try await reading.search.searchUsersPage(GitHubSearch(text: "type:robot", kind: .users), page: 1, rows: 25)
            } throws: { error in
                guard case .invalidInput(let message) = error as? StarscopeError else { return false }
                return message.hasPrefix("GitHub could not read that search")
            }
        }
    }

    @Test func aUsedUpSearchLimitSaysSo() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            await fake.setRemaining(0, resource: "search")
            await #expect {
                try await ReadContext(client: client, viewer: .owner).search.searchUsers(GitHubSearch(text: "octo", kind: .users), limit: 5)
            } throws: { error in
                guard case .rateLimited(let message) = error as? StarscopeError else { return false }
                return message.contains("search rate limit")
            }
        }
    }
}
