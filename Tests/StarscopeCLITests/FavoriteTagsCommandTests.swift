import FakeGitHub
import Foundation
import Testing

/// `favorites tags` and `favorites describe`: tags that say what they are for.
@Suite struct FavoriteTagsCommandTests {
    @Test func tagsAreListedWithTheirDescriptionsAndCounts() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let picks = Array(fake.dataset.repositories.prefix(2)).map(\.fullName)
                for name in picks { #expect(try await CLI.run(["favorites", "add", name], api: url, home: home).status == 0) }
                let none = try await CLI.run(["favorites", "tags"], api: url, home: home)
                #expect(none.stdout.contains("No tags yet"))
                #expect(try await CLI.run(["favorites", "tags", "--json"], api: url, home: home).stdout == "[]\n")
                #expect(try await CLI.run(["favorites", "tag", picks[0], "cli", "later"], api: url, home: home).status == 0)
                #expect(try await CLI.run(["favorites", "tag", picks[1], "cli"], api: url, home: home).status == 0)

                let described = try await CLI.run(["favorites", "describe", "Cli", "Tools for the terminal"], api: url, home: home)
                #expect(described.status == 0)
                #expect(described.stdout == "Described #Cli.\n")
                let tags = try jsonArray(try await CLI.run(["favorites", "tags", "--json"], api: url, home: home).stdout)
                #expect(tags.compactMap { $0["tag"] as? String } == ["cli", "later"])
                #expect(tags.compactMap { $0["description"] as? String } == ["Tools for the terminal", ""])
                #expect(tags.compactMap { $0["count"] as? Int } == [2, 1])
                let table = try await CLI.run(["favorites", "tags"], api: url, home: home)
                #expect(table.stdout.contains("#cli"))
                #expect(table.stdout.contains("Tools for the terminal"))
                #expect(table.stdout.contains("No description"))

                // An empty text takes the description away.
                let cleared = try await CLI.run(["favorites", "describe", "cli", ""], api: url, home: home)
                #expect(cleared.stdout == "Took the description off #cli.\n")
                let after = try jsonArray(try await CLI.run(["favorites", "tags", "--json"], api: url, home: home).stdout)
                #expect(after.compactMap { $0["description"] as? String } == ["", ""])

                // A tag marked public says so; its List will be made public.
                let marked = try await CLI.run(["favorites", "describe", "later", "--public"], api: url, home: home)
                #expect(marked.stdout == "#later's List is made public on GitHub.\n")
                let publicTags = try jsonArray(try await CLI.run(["favorites", "tags", "--json"], api: url, home: home).stdout)
                #expect(publicTags.compactMap { $0["public"] as? Bool } == [false, true])
                let neither = try await CLI.run(["favorites", "describe", "later"], api: url, home: home)
                #expect(neither.status == 2)
            }
        }
    }

    @Test func badTagsAndDescriptionsAreRefusedAndChangeNothing() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { _, url in
                let comma = try await CLI.run(["favorites", "describe", "a,b", "x"], api: url, home: home)
                #expect(comma.status == 2)
                #expect(comma.stderr.contains("cannot be a tag"))
                let long = try await CLI.run(["favorites", "describe", "t", String(repeating: "x", count: 501)], api: url, home: home)
                #expect(long.status == 2)
                #expect(long.stderr.contains("at most 500 characters"))
                let twoLines = try await CLI.run(["favorites", "describe", "t", "one\ntwo"], api: url, home: home)
                #expect(twoLines.status == 2)
                #expect(try await CLI.run(["favorites", "tags", "--json"], api: url, home: home).stdout == "[]\n")
            }
        }
    }
}
