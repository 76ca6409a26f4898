import FakeGitHub
import Foundation
import Testing

/// GitHub's star Lists in the terminal against the fake's GraphQL: `lists`, and
/// `favorites sync --lists [--push]` both ways, frugal, and refused plainly without the scope.
@Suite struct ListsCommandTests {
    static let token = ["GH_TOKEN": FakeGitHub.octocatToken, "STARSCOPE_TIMEOUT": "60"]

    /// Runs the binary against the fake with time to spare on a busy machine (a hang guard only),
    /// and says what it wrote on stderr when it failed.
    static func run(_ arguments: [String], _ url: URL, home: URL, token: Bool = true) async throws -> CLIResult {
        let result = try await CLI.run(
            arguments, api: url, environment: token ? Self.token : ["STARSCOPE_TIMEOUT": "60"], timeout: .seconds(300), home: home)
        #expect(!result.timedOut, "\(arguments) did not end")
        return result
    }

    static func json(_ arguments: [String], _ url: URL, home: URL) async throws -> [[String: Any]] {
        let result = try await run(arguments, url, home: home)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try jsonArray(result.stdout)
    }

    static func configuration() -> FakeGitHub.Configuration { smallConfiguration() }

    @Test func listsAreShownAndComeInAsTagsAndGoOutAsLists() async throws {
        try await withHome { home in
            try await FakeGitHub.with(Self.configuration()) { fake, url in
                let seeded = await fake.starLists(of: "octocat")
                let shown = try await Self.json(["lists", "--json"], url, home: home)
                #expect(shown.compactMap { $0["name"] as? String } == seeded.map(\.name))
                #expect(shown.compactMap { $0["private"] as? Bool } == seeded.map(\.isPrivate))
                #expect(shown.first?["repositories"] as? [String] == seeded.first?.repositories)

                // Pulled: every List is a tag with its description, its repositories favourites.
                let pulled = try await Self.run(["favorites", "sync", "--lists"], url, home: home)
                #expect(pulled.status == 0, "\(pulled.stderr)")
                #expect(pulled.stdout.hasPrefix("Synced with GitHub Lists. Here: 6 tagged, 0 untagged, 6 new favourites."))
                #expect(await fake.graphQLMutations().isEmpty)
                let tags = try await Self.json(["favorites", "tags", "--json"], url, home: home)
                #expect(tags.first { $0["tag"] as? String == "Tools" }?["description"] as? String == "Things for the terminal")
                #expect(tags.first { $0["tag"] as? String == "Tools" }?["count"] as? Int == 3)
                let tools = try await Self.json(["favorites", "list", "--tag", "tools", "--json", "--offline"], url, home: home)
                #expect(Set(tools.compactMap { $0["full_name"] as? String }) == Set(try #require(seeded.first).repositories))

                // Pushed: a new tag goes out as a private List; a tag taken off leaves the List.
                let extra = try #require(fake.dataset.repositories.dropFirst(30).first).fullName
                #expect(try await Self.run(["favorites", "add", extra], url, home: home, token: false).status == 0)
                #expect(try await Self.run(["favorites", "tag", extra, "weekend"], url, home: home, token: false).status == 0)
                let gone = try #require(seeded.first?.repositories.first)
                #expect(try await Self.run(["favorites", "tag", gone, "Tools", "--remove"], url, home: home, token: false).status == 0)
                let pushed = try await Self.run(["favorites", "sync", "--lists", "--push"], url, home: home)
                #expect(pushed.status == 0, "\(pushed.stderr)")
                #expect(pushed.stdout.contains("on GitHub: 1 List made, 1 added, 1 removed"))
                let after = await fake.starLists(of: "octocat")
                let weekend = try #require(after.first { $0.name == "weekend" })
                #expect(weekend.isPrivate && weekend.repositories == [extra])
                #expect(after.first { $0.name == "Tools" }?.repositories.contains(gone) == false)
                #expect(after.count == seeded.count + 1)

                // A second sync with nothing changed sends no mutation.
                let mutations = await fake.graphQLMutations().count
                let again = try await Self.run(["favorites", "sync", "--lists", "--push"], url, home: home)
                #expect(again.status == 0)
                #expect(await fake.graphQLMutations().count == mutations)

                // Put in a List on github.com: it arrives tagged.
                let added = try #require(fake.dataset.repositories.dropFirst(31).first).fullName
                #expect(await fake.setInStarList(of: "octocat", list: "Reading later", repository: added))
                #expect(try await Self.run(["favorites", "sync", "--lists"], url, home: home).status == 0)
                let later = try await Self.json(["favorites", "list", "--tag", "reading later", "--json", "--offline"], url, home: home)
                #expect(later.contains { $0["full_name"] as? String == added })

                // A List deleted on GitHub leaves its tag, and says so.
                #expect(await fake.deleteStarList(of: "octocat", list: "Odd one"))
                let deleted = try await Self.run(["favorites", "sync", "--lists", "--push"], url, home: home)
                #expect(deleted.stderr.contains("was deleted on GitHub; its tag stays here"))
                #expect(await fake.starLists(of: "octocat").contains { $0.name == "Odd one" } == false)
            }
        }
    }

    @Test func aTokenWithoutTheUserScopeOrNoTokenChangesNothing() async throws {
        try await withHome { home in
            try await FakeGitHub.with(Self.configuration()) { fake, url in
                let name = try #require(fake.dataset.repositories.dropFirst(30).first).fullName
                #expect(try await Self.run(["favorites", "add", name], url, home: home, token: false).status == 0)
                #expect(try await Self.run(["favorites", "tag", name, "mine"], url, home: home, token: false).status == 0)
                let before = await fake.starLists(of: "octocat")
                await fake.setScopes(["repo"], of: FakeGitHub.octocatToken)
                let refused = try await Self.run(["favorites", "sync", "--lists", "--push"], url, home: home)
                #expect(refused.status == 1)
                #expect(refused.stderr.contains("lacks the `user` scope"))
                #expect(refused.stderr.contains("https://github.com/settings/tokens"))
                #expect(refused.stderr.split(separator: "\n").count == 1)
                #expect(await fake.starLists(of: "octocat") == before)
                let tags = try await Self.json(["favorites", "tags", "--json"], url, home: home)
                #expect(tags.compactMap { $0["tag"] as? String } == ["mine"])

                let anonymous = try await Self.run(["lists"], url, home: home, token: false)
                #expect(anonymous.status == 1)
                #expect(anonymous.stderr.contains("needs a GitHub token"))
            }
        }
    }
}
