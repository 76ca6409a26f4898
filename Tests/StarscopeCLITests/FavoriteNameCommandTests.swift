import FakeGitHub
import Foundation
import StarscopeModels
import StarscopeStore
import Testing

@testable import StarscopeSQLite

/// Favourites whose names GitHub would not accept: refused on import, never requested, removable.
@Suite struct FavoriteNameCommandTests {
    static let badName = "../x y<zq>"

    @Test func importSkipsABadNameAndKeepsTheRest() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let entries = [makeRepository(1, "ok/first"), makeRepository(2, Self.badName), makeRepository(3, "ok/second")]
                let data = Data(jsonArray(entries) { $0.writeJSON(to: &$1) })
                let imported = try await CLI.run(["favorites", "import", "-"], api: url, home: home, stdin: data)
                #expect(imported.status == 0)
                #expect(imported.stdout == "Imported 2 favourites.\n")
                #expect(imported.stderrLines == ["skipped entry 2: “\(Self.badName)” is not a repository name"])
                let list = try jsonArray(try await CLI.run(["favorites", "list", "--json", "--offline"], api: url, home: home).stdout)
                #expect(Set(list.compactMap { $0["full_name"] as? String }) == ["ok/first", "ok/second"])
                #expect(await fake.requests().isEmpty)
            }
        }
    }

    @Test func aStoredBadNameIsListedWithoutARequestAndRemoved() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let good = try #require(fake.dataset.repositories.first)
                #expect(try await CLI.run(["favorites", "add", good.fullName], api: url, home: home).status == 0)
                // As if it had slipped in before imports checked names.
                let database = try AppDatabase.open(directory: home.appendingPathComponent("data/starscope"))
                try await database.addFavorite(makeRepository(999_999, Self.badName), for: .owner)

                let list = try await CLI.run(["favorites", "list", "--json"], api: url, home: home)
                #expect(list.status == 0, "\(list.stderr)")
                #expect(Set(try jsonArray(list.stdout).compactMap { $0["full_name"] as? String }) == [good.fullName, Self.badName])
                let paths = await fake.requests().map(\.path)
                #expect(!paths.isEmpty)
                #expect(paths.allSatisfy { $0 == "/repos/\(good.fullName)" }, "\(paths)")

                let removed = try await CLI.run(["favorites", "remove", Self.badName], api: url, home: home)
                #expect(removed.status == 0, "\(removed.stderr)")
                #expect(removed.stdout == "Removed \(Self.badName) from your favourites.\n")
                let after = try jsonArray(try await CLI.run(["favorites", "list", "--json", "--offline"], api: url, home: home).stdout)
                #expect(after.compactMap { $0["full_name"] as? String } == [good.fullName])
                #expect(await fake.requests().map(\.path) == paths)
            }
        }
    }
}
