import FakeGitHub
import Foundation
import Testing

/// `starscope search`, run as a binary against the fake GitHub.
@Suite struct SearchCommandTests {
    @Test func repositoriesOfAnyAgeWithQualifiersAsJSON() async throws {
        try await FakeGitHub.with { fake, url in
            let old = try #require(
                fake.dataset.repositories.filter { !$0.fork && !$0.isPrivate && $0.createdAt < Date().addingTimeInterval(-400 * 86_400) }
                    .first)
            // Qualifiers pass through unquoted, as separate words.
            let result = try await CLI.run(["search", old.name, "user:\(old.ownerLogin)", "--json", "--limit", "100"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            let items = try jsonArray(result.stdout)
            #expect(items.contains { $0["full_name"] as? String == old.fullName })
            #expect(items.allSatisfy { ($0["owner"] as? [String: Any])?["login"] as? String == old.ownerLogin })
            #expect(items.allSatisfy { $0["favorite"] as? Bool == false })
        }
    }

    @Test func limitFetchesExactlyThatMany() async throws {
        try await FakeGitHub.with { fake, url in
            let result = try await CLI.run(["search", "fork:true", "--json", "--limit", "150"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            let names = try jsonArray(result.stdout).compactMap { $0["full_name"] as? String }
            #expect(names.count == 150)
            #expect(Set(names).count == 150)
            #expect(await fake.requests().filter { $0.path == "/search/repositories" }.count == 2)
        }
    }

    @Test func peopleByTheFirstLettersOfTheirLogin() async throws {
        try await FakeGitHub.with { _, url in
            let json = try await CLI.run(["search", "octo", "--users", "--json"], api: url)
            #expect(json.status == 0, "\(json.stderr)")
            #expect(try jsonArray(json.stdout).first?["login"] as? String == "octocat")
            let table = try await CLI.run(["search", "--users", "octo", "--limit", "3"], api: url)
            #expect(table.status == 0)
            #expect(table.stdout.contains("octocat"))
        }
    }

    @Test func badSearchesFailWithOneLine() async throws {
        try await FakeGitHub.with { fake, url in
            let empty = try await CLI.run(["search"], api: url)
            #expect(empty.status == 2)
            #expect(empty.stderr.contains("Type something to search for."))
            let long = try await CLI.run(["search", String(repeating: "a", count: 257)], api: url)
            #expect(long.status == 2)
            #expect(long.stderr.contains("at most 256 characters"))
            let qualifier = try await CLI.run(["search", "stars:lots"], api: url)
            #expect(qualifier.status != 0)
            #expect(qualifier.stderr.contains("GitHub could not read that search"))
            #expect(qualifier.stdout.isEmpty)
            await fake.setRemaining(0, resource: "search")
            let limited = try await CLI.run(["search", "octo", "--users"], api: url)
            #expect(limited.status == 1)
            #expect(limited.stderr.contains("search rate limit"))
        }
    }

    @Test func openShowsAnAccountLink() async throws {
        try await FakeGitHub.with { _, url in
            let result = try await CLI.run(["open", "https://github.com/octocat", "--json"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try jsonObject(result.stdout)["login"] as? String == "octocat")
        }
    }
}
