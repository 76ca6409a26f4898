import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeCore
@testable import StarscopeSQLite

/// A favourite stored under a name GitHub would not accept is shown from its snapshot, never
/// requested, and can be removed by the name it is stored under.
@Suite struct FavoriteNameTests {
    static let badName = "../x y<zq>"

    @Test func aStoredBadNameIsNeverRequestedAndCanBeRemoved() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let database = try AppDatabase.inMemory()
            let favorites = Favorites(
                reading: ReadContext(client: client, database: database, viewer: .owner), database: database, viewer: .owner)
            let good = try #require(fake.dataset.repositories.first)
            try await favorites.add(try RepositoryName(parsing: good.fullName))
            try await database.addFavorite(Self.repository(999_999, Self.badName), for: .owner)
            let before = await fake.requests().count

            let listed = try await favorites.list(refresh: true)
            #expect(Set(listed.map(\.repository.fullName)) == [good.fullName, Self.badName])
            let requests = await fake.requests().dropFirst(before)
            #expect(requests.count == 1)
            #expect(requests.allSatisfy { $0.path == "/repos/\(good.fullName)" })

            try await favorites.remove(storedName: Self.badName)
            #expect(try await database.favorites(for: .owner).map(\.repository.fullName) == [good.fullName])
            await #expect(throws: StarscopeError.notFound("\(Self.badName) is not one of your favourites.")) {
                try await favorites.remove(storedName: Self.badName)
            }
            #expect(await fake.requests().count == before + 1)
        }
    }

    /// A repository as the store would have kept it, whatever its name.
    static func repository(_ id: Int64, _ fullName: String) -> Repository {
        let parts = fullName.split(separator: "/").map(String.init)
        return Repository(
            id: id, name: parts[1], fullName: fullName, owner: Account(id: id, login: parts[0]),
            htmlURL: "https://github.com/\(fullName)", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func theNameRuleIsGitHubsInEveryLayer() {
        for name in ["swiftlang/swift", "a-b/c.d_e", "x/.github"] {
            #expect(GitHubNameCheck.isValid(name))
        }
        for name in ["../x y<zq>", "a/..", "a/.", "-a/b", "a/b/c", "a/", "/b", "a/b c", "a/\u{1}"] {
            #expect(!GitHubNameCheck.isValid(name))
        }
    }
}

/// `GitHubName` (GitHubAPI) and `RepositoryName` (core) must agree.
enum GitHubNameCheck {
    static func isValid(_ fullName: String) -> Bool {
        let store = GitHubName.isValidFullName(fullName)
        let core = (try? RepositoryName(parsing: fullName)) != nil
        #expect(store == core, "\(fullName)")
        return store && core
    }
}
