import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

/// The one door (`ViewedGitHub`), over the fake GitHub and octocat's token, which sees octocat's
/// private repository: the owner reads it; a guest's search asks for public repositories only,
/// and neither a list, its next pages, one repository nor a live count shows it to the guest.
@Suite struct ViewedGitHubTests {
    static func world() throws -> (FakeGitHub.Configuration, FakeRepository) {
        var configuration = smallFake()
        configuration.maxAge = 0
        let secret = try #require(FakeGitHub(configuration).dataset.repositories.first { $0.ownerLogin == "octocat" && !$0.fork })
        configuration.privateRepositories = [secret.fullName]
        return (configuration, secret)
    }

    @Test func aGuestNeverSeesWhatTheTokenSeesPrivately() async throws {
        let (configuration, secret) = try Self.world()
        try await withFakeClient(configuration, token: FakeGitHub.octocatToken) { client, fake in
            let owner = ViewedGitHub(client: client, viewer: .owner)
            let guest = ViewedGitHub(client: client, viewer: .guest)

            // One repository: the owner's token reads it; for the guest it is not there.
            #expect(try await owner.repository(owner: "octocat", name: secret.name).fullName == secret.fullName)
            #expect(
                await gitHubFailure { try await guest.repository(owner: "octocat", name: secret.name) } == .notFound(url: secret.fullName))
            #expect(try await owner.repositoryPage(owner: "octocat", name: secret.name).items.count == 1)
            #expect(try await guest.repositoryPage(owner: "octocat", name: secret.name).items.isEmpty)

            // An account's repositories, every page of them.
            let ownersPage = try await owner.repositories(of: "octocat", perPage: 10)
            var owners = ownersPage.items
            for page in try await owner.pages(after: ownersPage, upTo: 10) { owners += page.items }
            let ownersNames = owners.map(\.fullName)
            // GitHub lists a user's public repositories only; every page comes through the door.
            #expect(!ownersNames.contains(secret.fullName) && ownersNames.count > 10)
            let guestsPage = try await guest.repositories(of: "octocat", perPage: 10)
            var guests = guestsPage.items
            for page in try await guest.pages(after: guestsPage, upTo: 10) { guests += page.items }
            let guestsNames = guests.map(\.fullName)
            #expect(guestsNames == ownersNames)

            // A search: the guest's asks GitHub for public repositories only.
            let query = "user:octocat"
            let ownersFound = try await owner.searchRepositories(query: query, sort: nil, perPage: 100).items
            let guestsFound = try await guest.searchRepositories(query: query, sort: nil, perPage: 100).items
            #expect(ownersFound.contains { $0.id == secret.id } && !guestsFound.contains { $0.id == secret.id })
            let searches = await fake.requests().filter { $0.path == "/search/repositories" }.compactMap(\.query)
            #expect(searches.count == 2)
            #expect(!(searches.first ?? "").contains("is%3Apublic") && (searches.last ?? "").contains("is%3Apublic"))
        }
    }
}
