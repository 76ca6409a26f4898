import FakeGitHub
import Foundation
import Testing

/// Notes and tags on favourites from the terminal: `favorites tag`, `favorites note`,
/// `favorites list --tag`, and export version 2 that carries them (version 1 still imports).
@Suite struct FavoriteNotesCommandTests {
    @Test func tagsAndNotesAreKeptListedFilteredAndExported() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let picks = Array(fake.dataset.repositories.prefix(3)).map(\.fullName)
                for name in picks { #expect(try await CLI.run(["favorites", "add", name], api: url, home: home).status == 0) }
                let tagged = try await CLI.run(["favorites", "tag", picks[0], "cli", "Rust tools"], api: url, home: home)
                #expect(tagged.status == 0)
                #expect(tagged.stdout == "\(picks[0]): #cli #Rust tools\n")
                #expect(try await CLI.run(["favorites", "tag", picks[1], "CLI"], api: url, home: home).status == 0)
                let noted = try await CLI.run(["favorites", "note", picks[0], "Try it for the build server"], api: url, home: home)
                #expect(noted.stdout == "Noted on \(picks[0]).\n")

                // Filtered by tag, any case; JSON carries tags and note.
                let cli = try jsonArray(
                    try await CLI.run(["favorites", "list", "--tag", "cli", "--json", "--offline"], api: url, home: home).stdout)
                #expect(Set(cli.compactMap { $0["full_name"] as? String }) == Set(picks.prefix(2)))
                let first = try #require(cli.first { $0["full_name"] as? String == picks[0] })
                #expect(first["tags"] as? [String] == ["cli", "Rust tools"])
                #expect(first["note"] as? String == "Try it for the build server")
                let table = try await CLI.run(["favorites", "list", "--offline"], api: url, home: home)
                #expect(table.stdout.contains("\(picks[0])  #cli #Rust tools — Try it for the build server"))

                // Removing a tag, clearing a note.
                #expect(
                    try await CLI.run(["favorites", "tag", picks[0], "Rust tools", "--remove"], api: url, home: home).stdout
                        == "\(picks[0]): #cli\n")
                #expect(
                    try await CLI.run(["favorites", "note", picks[0], ""], api: url, home: home).stdout
                        == "Cleared the note on \(picks[0]).\n")

                // Export version 2 keeps them; a new data directory gets them back by import.
                #expect(try await CLI.run(["favorites", "note", picks[1], "second"], api: url, home: home).status == 0)
                let export = try await CLI.run(["favorites", "export"], api: url, home: home)
                let archive = try jsonObject(export.stdout)
                #expect(archive["version"] as? Int == 2)
                let file = home.appendingPathComponent("v2.json")
                try Data(export.stdout.utf8).write(to: file)
                let elsewhere = ["STARSCOPE_DATA_DIR": home.appendingPathComponent("other").path]
                #expect(try await CLI.run(["favorites", "import", file.path], api: url, environment: elsewhere, home: home).status == 0)
                let back = try jsonArray(
                    try await CLI.run(["favorites", "list", "--json", "--offline"], api: url, environment: elsewhere, home: home).stdout)
                let second = try #require(back.first { $0["full_name"] as? String == picks[1] })
                #expect(second["tags"] as? [String] == ["CLI"])
                #expect(second["note"] as? String == "second")
            }
        }
    }

    @Test func badTagsAndStrangersAreRefusedAndChangeNothing() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let name = try #require(fake.dataset.repositories.first).fullName
                #expect(try await CLI.run(["favorites", "add", name], api: url, home: home).status == 0)
                let comma = try await CLI.run(["favorites", "tag", name, "ok", "a,b"], api: url, home: home)
                #expect(comma.status == 2)
                #expect(comma.stderr.contains("“a,b” cannot be a tag"))
                let list = try jsonArray(try await CLI.run(["favorites", "list", "--json", "--offline"], api: url, home: home).stdout)
                #expect(list.first?["tags"] as? [String] == [])
                let stranger = try await CLI.run(["favorites", "note", "nobody/nothing", "x"], api: url, home: home)
                #expect(stranger.status == 1)
                #expect(stranger.stderr == "starscope: nobody/nothing is not one of your favourites.\n")
                let tooLong = try await CLI.run(["favorites", "note", name, String(repeating: "x", count: 2_001)], api: url, home: home)
                #expect(tooLong.status == 2)
            }
        }
    }

    @Test func aVersionOneExportStillImports() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let repository = try #require(fake.dataset.repositories.first)
                let snapshot = try jsonObject(try await CLI.run(["repo", repository.fullName, "--json"], api: url, home: home).stdout)
                let v1: [String: Any] = [
                    "format": "starscope-favorites", "version": 1, "exported_at": "2026-11-22T10:42:00Z",
                    "favorites": [["added_at": "2026-11-20T08:00:00Z", "repository": snapshot]],
                ]
                let file = home.appendingPathComponent("v1.json")
                try JSONSerialization.data(withJSONObject: v1).write(to: file)
                let imported = try await CLI.run(["favorites", "import", file.path], api: url, home: home)
                #expect(imported.stdout == "Imported 1 favourite.\n")
                let list = try jsonArray(try await CLI.run(["favorites", "list", "--json", "--offline"], api: url, home: home).stdout)
                #expect(list.first?["full_name"] as? String == repository.fullName)
                #expect(list.first?["note"] as? String == "")
            }
        }
    }
}
