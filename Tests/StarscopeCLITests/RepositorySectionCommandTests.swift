import FakeGitHub
import Foundation
import Testing

/// `readme`, `releases`, `contributors`, `repo` on a terminal, renames, and the new flags of
/// `trending` and `repos`, run as the built binary against the fake GitHub.
@Suite struct RepositorySectionCommandTests {
    static func first(_ fake: FakeGitHub, _ test: (FakeRepository) -> Bool) throws -> FakeRepository {
        for repository in fake.dataset.repositories where test(repository) { return repository }
        throw NoSuchRepository()
    }

    struct NoSuchRepository: Error {}

    @Test func readmePrintsTheMarkdownAsStored() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.first(fake) { fake.dataset.readme(for: $0) != nil && !fake.dataset.hasHostileReadme($0) }
            let result = try await CLI.run(["readme", repo.fullName], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == fake.dataset.readme(for: repo))
            let bare = try Self.first(fake) { fake.dataset.readme(for: $0) == nil }
            let none = try await CLI.run(["readme", bare.fullName], api: url)
            #expect(none.status == 1)
            #expect(none.stderrLines == ["starscope: \(bare.fullName) has no README."])
            let missing = try await CLI.run(["readme", "octocat/not-there"], api: url)
            #expect(missing.status == 1)
            #expect(missing.stderrLines == ["starscope: Repository octocat/not-there was not found on GitHub."])
            #expect(try await CLI.run(["readme", "not a name"], api: url).status == 2)
        }
    }

    @Test func releasesListGitHubsFieldsNewestFirst() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.first(fake) { fake.dataset.releases(for: $0).count >= 4 }
            let expected = fake.dataset.releases(for: repo)
            let json = try jsonArray(try await CLI.run(["releases", repo.fullName, "--limit", "3", "--json"], api: url).stdout)
            #expect(json.map { $0["tag_name"] as? String } == expected.prefix(3).map(\.tagName))
            #expect(json.allSatisfy { ($0["html_url"] as? String)?.hasPrefix("https://github.com/\(repo.fullName)/releases/tag/") == true })
            #expect(json.allSatisfy { $0["prerelease"] is Bool && $0["published_at"] is String && $0.keys.contains("name") })
            let table = try await CLI.run(["releases", repo.fullName], api: url)
            #expect(table.status == 0)
            #expect(table.stdout.hasPrefix("TAG"))
            for release in expected.prefix(30) { #expect(table.stdout.contains(release.tagName)) }
            if expected.prefix(30).contains(where: \.prerelease) { #expect(table.stdout.contains("pre-release")) }
            let none = try Self.first(fake) { fake.dataset.releases(for: $0).isEmpty }
            let empty = try await CLI.run(["releases", none.fullName], api: url)
            #expect(empty.status == 0)
            #expect(empty.stdout == "\(none.fullName) has no releases.\n")
            #expect(try jsonArray(try await CLI.run(["releases", none.fullName, "--json"], api: url).stdout).isEmpty)
        }
    }

    @Test func contributorsListLoginContributionsAndAvatar() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.first(fake) { fake.dataset.contributors(for: $0).count >= 3 }
            let expected = fake.dataset.contributors(for: repo)
            let json = try jsonArray(try await CLI.run(["contributors", repo.fullName, "--limit", "2", "--json"], api: url).stdout)
            #expect(json.map { $0["login"] as? String } == expected.prefix(2).map(\.account.login))
            #expect(json.map { $0["contributions"] as? Int } == expected.prefix(2).map(\.contributions))
            #expect(json.allSatisfy { $0.keys.contains("avatar_url") })
            let table = try await CLI.run(["contributors", repo.fullName], api: url)
            #expect(table.status == 0)
            #expect(table.stdout.hasPrefix("LOGIN"))
            for contributor in expected { #expect(table.stdout.contains(contributor.account.login)) }
            #expect(try await CLI.run(["contributors", repo.fullName, "--limit", "0"], api: url).status == 2)
        }
    }

    @Test func anEmptyRepositorysContributorsAreNoneNotAnError() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let repo = try #require(fake.dataset.repositories.first)
                #expect(await fake.empty(repo.fullName))
                // Twice with one data directory: GitHub's 204, then the same answer kept in the store.
                for _ in 0..<2 {
                    let table = try await CLI.run(["contributors", repo.fullName], api: url, home: home)
                    #expect(table.status == 0, "\(table.stderr)")
                    #expect(table.stdout.isEmpty, "nothing to print")
                    #expect(table.stderr.isEmpty)
                    let json = try await CLI.run(["contributors", repo.fullName, "--json"], api: url, home: home)
                    #expect(json.status == 0, "\(json.stderr)")
                    #expect(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
                }
                #expect(await fake.requests().contains { $0.path == "/repos/\(repo.fullName)/contributors" })
            }
        }
    }

    @Test func repoOnATerminalAddsLanguagesLatestReleaseAndReadme() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.first(fake) {
                !fake.dataset.hasHostileReadme($0) && fake.dataset.readme(for: $0) != nil && $0.language != nil
                    && fake.dataset.releases(for: $0).contains { !$0.prerelease }
            }
            let command = "\(CLI.binary.path) repo \(repo.fullName)"
            let terminal = try await CLI.run(
                ["-c", "script -qec '\(command)' /dev/null"], api: url, environment: ["NO_COLOR": "1", "COLUMNS": "200"], viaShell: true)
            let output = terminal.stdout.replacingOccurrences(of: "\r\n", with: "\n")
            #expect(terminal.status == 0)
            #expect(output.contains("On GitHub:"))
            #expect(output.contains("Languages:"))
            #expect(output.contains(try #require(repo.language)))
            let latest = try #require(fake.dataset.releases(for: repo).first { !$0.prerelease })
            #expect(output.contains("Latest release:"))
            #expect(output.contains(latest.tagName))
            #expect(output.contains("README"))
            #expect(output.contains("# \(repo.name)"))
            #expect(output.contains("## Installation"))
            // Through a pipe, and with --json, the output stays what scripts read.
            let piped = try await CLI.run(["repo", repo.fullName], api: url)
            #expect(!piped.stdout.contains("Languages:"))
            #expect(!piped.stdout.contains("README"))
            let json = try jsonObject(try await CLI.run(["repo", repo.fullName, "--json"], api: url).stdout)
            #expect(json["full_name"] as? String == repo.fullName)
            #expect(json["languages"] == nil)
        }
    }

    @Test func aRenamedRepositoryIsShownUnderItsNewName() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.first(fake) { $0.ownerLogin == "octocat" && !$0.fork }
            #expect(await fake.rename(repo.fullName, to: "octocat/new-name"))
            let human = try await CLI.run(["repo", repo.fullName], api: url)
            #expect(human.status == 0, "\(human.stderr)")
            #expect(human.stdout.hasPrefix("octocat/new-name"))
            #expect(human.stderrLines == ["note: \(repo.fullName) has moved to octocat/new-name."])
            let json = try jsonObject(try await CLI.run(["repo", repo.fullName, "--json"], api: url).stdout)
            #expect(json["full_name"] as? String == "octocat/new-name")
            let opened = try await CLI.run(["open", "https://github.com/\(repo.fullName)"], api: url)
            #expect(opened.stdout.hasPrefix("octocat/new-name"))
            let releases = try await CLI.run(["releases", repo.fullName, "--json"], api: url)
            #expect(releases.status == 0)
            #expect(try jsonArray(releases.stdout).count == min(30, fake.dataset.releases(for: repo).count))
        }
    }

    @Test func aFavouritesStoredNameFollowsARename() async throws {
        // Answers are stale at once, so the next look after the rename asks GitHub again.
        var configuration = smallConfiguration()
        configuration.maxAge = 0
        try await withHome { home in
            try await FakeGitHub.with(configuration) { fake, url in
                let repo = try Self.first(fake) { $0.ownerLogin == "octocat" && !$0.fork }
                #expect(try await CLI.run(["favorites", "add", repo.fullName], api: url, home: home).status == 0)
                #expect(await fake.rename(repo.fullName, to: "swiftlang/transferred"))
                #expect(try await CLI.run(["repo", repo.fullName, "--json"], api: url, home: home).status == 0)
                let list = try jsonArray(try await CLI.run(["favorites", "list", "--json", "--offline"], api: url, home: home).stdout)
                #expect(list.map { $0["full_name"] as? String } == ["swiftlang/transferred"])
            }
        }
    }

    @Test func trendingTakesATopicAndASort() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let result = try await CLI.run(["trending", "--since", "month", "--topic", "swift", "--sort", "forks", "--json"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            let items = try jsonArray(result.stdout)
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { ($0["topics"] as? [String])?.contains("swift") == true })
            let forks = items.compactMap { $0["forks_count"] as? Int }
            #expect(forks == forks.sorted(by: >))
            let query = try #require(await fake.requests().last?.query)
            #expect(query.contains("sort=forks"))
            #expect(query.contains("topic%3Aswift"))
            for sort in ["help-wanted-issues", "updated", "stars"] {
                #expect(try await CLI.run(["trending", "--sort", sort, "--json"], api: url).status == 0)
                #expect(await fake.requests().last?.query?.contains("sort=\(sort)") == true)
            }
            #expect(try await CLI.run(["trending", "--sort", "best"], api: url).status == 2)
        }
    }

    @Test func reposSortsByStarsOrNameAndFiltersByLanguage() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let owner = try #require(
                fake.dataset.accounts.max { fake.dataset.repositories(ownedBy: $0).count < fake.dataset.repositories(ownedBy: $1).count })
            let own = fake.dataset.repositories(ownedBy: owner).filter { !$0.fork }
            let byStars = try jsonArray(
                try await CLI.run(["repos", owner.login, "--sort", "stars", "--limit", "5", "--json"], api: url).stdout)
            let expected = own.sorted { $0.stars != $1.stars ? $0.stars > $1.stars : $0.fullName.lowercased() < $1.fullName.lowercased() }
            #expect(byStars.map { $0["full_name"] as? String } == expected.prefix(5).map(\.fullName))
            let byName = try jsonArray(
                try await CLI.run(["repos", owner.login, "--sort", "name", "--limit", "500", "--json"], api: url).stdout)
            let names = byName.compactMap { ($0["name"] as? String)?.lowercased() }
            #expect(names == own.map { $0.name.lowercased() }.sorted())
            let language = try #require(own.compactMap(\.language).first)
            let filtered = try jsonArray(
                try await CLI.run(["repos", owner.login, "--language", language, "--limit", "500", "--json"], api: url).stdout)
            #expect(filtered.count == own.filter { $0.language == language }.count)
            #expect(filtered.allSatisfy { $0["language"] as? String == language })
            let none = try await CLI.run(["repos", owner.login, "--language", "COBOL-77"], api: url)
            #expect(none.stdout == "\(owner.login) has no public COBOL-77 non-fork repositories.\n")
            #expect(try await CLI.run(["repos", owner.login, "--sort", "size"], api: url).status == 2)
        }
    }

    @Test func itemsOfAnUnknownShapeAreLeftOutWithANote() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            await fake.inject(.oddItems, path: "/users/octocat/events")
            let result = try await CLI.run(["activity", "octocat", "--limit", "10", "--json"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try jsonArray(result.stdout).count == 10)
            #expect(result.stderrLines == ["note: left out 1 item GitHub sent in a shape Starscope cannot read."])
        }
    }
}
