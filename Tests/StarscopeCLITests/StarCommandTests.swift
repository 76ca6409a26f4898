import FakeGitHub
import Foundation
import Testing

/// GitHub stars from the terminal: `star`, `unstar`, `favorites sync [--push]`.
@Suite struct StarCommandTests {
    static let token = ["GH_TOKEN": FakeGitHub.octocatToken]

    @Test func starAndUnstarNeedATokenAndReachGitHub() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let name = try #require(fake.dataset.repositories.first).fullName
                let anonymous = try await CLI.run(["star", name], api: url, home: home)
                #expect(anonymous.status == 1)
                #expect(
                    anonymous.stderr
                        == "starscope: Starring on GitHub needs a GitHub token, and none is set. Log in with `starscope auth login`, or set GH_TOKEN.\n"
                )
                #expect(await fake.requests().allSatisfy { $0.method != "PUT" })
                let starred = try await CLI.run(["star", name], api: url, environment: Self.token, home: home)
                #expect(starred.status == 0)
                #expect(starred.stdout == "Starred \(name) on GitHub.\n")
                #expect(await fake.requests().contains { $0.method == "PUT" && $0.path == "/user/starred/\(name)" })
                let unstarred = try await CLI.run(["unstar", name], api: url, environment: Self.token, home: home)
                #expect(unstarred.stdout == "Unstarred \(name) on GitHub.\n")
                #expect(await fake.requests().contains { $0.method == "DELETE" && $0.path == "/user/starred/\(name)" })
                let missing = try await CLI.run(["star", "octocat/no-such-repository-here"], api: url, environment: Self.token, home: home)
                #expect(missing.status == 1)
                #expect(missing.stderr.contains("was not found"))
            }
        }
    }

    @Test func syncBringsStarsInAndPushPutsFavouritesOut() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let names = fake.dataset.repositories.prefix(4).map(\.fullName)
                await fake.star(Array(names.prefix(3)), login: "octocat")
                #expect(try await CLI.run(["favorites", "add", names[3]], api: url, home: home).status == 0)
                let synced = try await CLI.run(["favorites", "sync"], api: url, environment: Self.token, home: home)
                #expect(synced.status == 0)
                #expect(synced.stdout == "Added 3 starred repositories to your favourites.\n")
                let listed = try jsonArray(try await CLI.run(["favorites", "list", "--json", "--offline"], api: url, home: home).stdout)
                #expect(Set(listed.compactMap { $0["full_name"] as? String }) == Set(names))
                // Pushing stars the one favourite GitHub did not have; nothing is ever unstarred.
                let pushed = try await CLI.run(["favorites", "sync", "--push", "--json"], api: url, environment: Self.token, home: home)
                let report = try jsonObject(pushed.stdout)
                #expect(report["pushed"] as? [String] == [names[3]])
                #expect((report["already_favorites"] as? [String]).map(Set.init) == Set(names.prefix(3)))
                #expect(await fake.requests().allSatisfy { $0.method != "DELETE" })
                // Everything is now starred: a fresh data directory gets all four.
                let elsewhere = Self.token.merging(["STARSCOPE_DATA_DIR": home.appendingPathComponent("b").path]) { $1 }
                #expect(
                    try await CLI.run(["favorites", "sync"], api: url, environment: elsewhere, home: home).stdout
                        == "Added 4 starred repositories to your favourites.\n")
            }
        }
    }

    @Test func pushStarsAFavouriteUnstarredOnGitHubSinceTheLastSync() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let names = fake.dataset.repositories.prefix(3).map(\.fullName)
                await fake.star(names, login: "octocat")
                let first = try await CLI.run(["favorites", "sync", "--push"], api: url, environment: Self.token, home: home)
                #expect(first.stdout == "Added 3 starred repositories to your favourites; starred 0 favourites on GitHub.\n")
                // Unstarred on github.com a moment later: within the answer's max-age, so a saved
                // list would still call it starred.
                await fake.unstar([names[1]], login: "octocat")
                let pushed = try await CLI.run(["favorites", "sync", "--push", "--json"], api: url, environment: Self.token, home: home)
                #expect(pushed.status == 0, "\(pushed.stderr)")
                #expect(try jsonObject(pushed.stdout)["pushed"] as? [String] == [names[1]])
                let puts = await fake.requests().filter { $0.method == "PUT" }.map(\.path)
                #expect(puts == ["/user/starred/\(names[1])"])
                // GitHub stars all three again: a fresh data directory syncs all three.
                let elsewhere = Self.token.merging(["STARSCOPE_DATA_DIR": home.appendingPathComponent("b").path]) { $1 }
                #expect(
                    try await CLI.run(["favorites", "sync"], api: url, environment: elsewhere, home: home).stdout
                        == "Added 3 starred repositories to your favourites.\n")
            }
        }
    }

    @Test func aSyncThatFailsHalfwayChangesNothing() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let names = fake.dataset.repositories.prefix(150).map(\.fullName)
                await fake.star(names, login: "octocat")
                #expect(try await CLI.run(["favorites", "add", names[0]], api: url, home: home).status == 0)
                #expect(try await CLI.run(["favorites", "tag", names[0], "keep"], api: url, home: home).status == 0)
                #expect(try await CLI.run(["favorites", "note", names[0], "mine"], api: url, home: home).status == 0)
                let before = try await CLI.run(["favorites", "export"], api: url, home: home).stdout
                await fake.inject(.badGateway, path: "/user/starred?page=2")
                let failed = try await CLI.run(["favorites", "sync"], api: url, environment: Self.token, home: home)
                #expect(failed.status == 1)
                #expect(failed.stderr.contains("GitHub"))
                let after = try await CLI.run(["favorites", "export"], api: url, home: home).stdout
                func entries(_ text: String) throws -> [[String: Any]] { try jsonObject(text)["favorites"] as? [[String: Any]] ?? [] }
                #expect(try entries(after).count == 1)
                #expect(try entries(after).first?["tags"] as? [String] == ["keep"])
                #expect(try entries(after).first?["note"] as? String == "mine")
                #expect(try entries(before).count == 1)
            }
        }
    }
}
