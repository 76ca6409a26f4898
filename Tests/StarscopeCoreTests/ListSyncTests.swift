import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeCore

/// Star Lists against the fake's GraphQL on both stores: Lists longer than a page are read whole,
/// and what one account's token read reaches only that account's tags.
@Suite struct ListSyncTests {
    static func configuration() -> FakeGitHub.Configuration {
        var configuration = FakeGitHub.Configuration()
        configuration.accountCount = 40
        configuration.repositoryCount = 300
        return configuration
    }

    @Test func aListOfMoreThanAPageIsReadWhole() async throws {
        try await withFakeClient(Self.configuration(), token: FakeGitHub.octocatToken) { client, fake in
            let names = fake.dataset.repositories.dropFirst(10).prefix(130).map(\.fullName)
            #expect(await fake.createStarList(of: "octocat", name: "Big") != nil)
            for name in names { #expect(await fake.setInStarList(of: "octocat", list: "Big", repository: name)) }
            let lists = try await GitHubStarLists(client: client).all()
            #expect(lists.map(\.name) == ["Tools", "Reading later", "Odd one", "Big"])
            #expect(lists.last?.repositories.map(\.fullName) == names)
            #expect(await fake.graphQLMutations().isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases) func whatOneTokenReadReachesOnlyItsAccount(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await withFakeClient(Self.configuration(), token: FakeGitHub.octocatToken) { client, fake in
            let reading = ReadContext(client: client, database: store, viewer: .owner)
            let octocat = Favorites(reading: reading, database: store, viewer: Viewer(stored: "#1"))
            let sync = ListSync(favorites: octocat, lists: GitHubStarLists(client: client), hasToken: true)
            let report = try await sync.sync(push: false)
            #expect(report.favoritesMade.count == 6)
            let hidden = try #require(await fake.starLists(of: "octocat").first { $0.isPrivate })
            let tagged = try await store.favorites(for: Viewer(stored: "#1"), tag: hidden.name)
            #expect(tagged.map(\.repository.fullName).sorted() == hidden.repositories.sorted())
            // Another account, and a guest, see none of it.
            #expect(try await store.favoriteTags(for: Viewer(stored: "#2")).isEmpty)
            #expect(try await store.favorites(for: Viewer(stored: "#2"), tag: nil).isEmpty)
            #expect(try await store.favoriteTags(for: .guest).isEmpty)
            #expect(try await store.listSyncBases(for: Viewer(stored: "#2")).isEmpty)
            // Nothing changed since: the second sync plans nothing and sends nothing.
            let again = try await sync.sync(push: true)
            #expect(again.addedHere == 0 && again.removedHere == 0 && again.listsMade.isEmpty)
            #expect(await fake.graphQLMutations().isEmpty)
        }
    }
}
