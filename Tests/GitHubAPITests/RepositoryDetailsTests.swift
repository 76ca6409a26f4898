import FakeGitHub
import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import GitHubAPI

/// A repository's README, releases, contributors and languages, and renames, from the fake over real sockets.
@Suite struct RepositoryDetailsTests {
    /// The first repository (in the dataset's order) that passes `test`.
    static func repository(_ fake: FakeGitHub, _ test: (FakeRepository) -> Bool) throws -> FakeRepository {
        for repository in fake.dataset.repositories where test(repository) { return repository }
        throw NoSuchRepository()
    }

    struct NoSuchRepository: Error {}

    @Test func readmeComesAsJSONMarkdownAndHTML() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            func plain(_ repository: FakeRepository) -> Bool {
                fake.dataset.readme(for: repository) != nil && !fake.dataset.hasHostileReadme(repository)
            }
            // One at the root on `main`, one in `docs/` on `master`.
            let repos = [
                try Self.repository(fake) { plain($0) && fake.dataset.readmePath(for: $0) == "README.md" && $0.defaultBranch == "main" },
                try Self.repository(fake) {
                    plain($0) && fake.dataset.readmePath(for: $0) == "docs/README.md" && $0.defaultBranch == "master"
                },
            ]
            for repo in repos {
                let markdown = try #require(fake.dataset.readme(for: repo))
                let path = fake.dataset.readmePath(for: repo)
                let folder = path == "README.md" ? "" : "docs/"
                let readme = try await client.readme(owner: repo.ownerLogin, name: repo.name)
                #expect(readme.text == markdown)
                #expect(readme.name == "README.md")
                #expect(readme.path == path)
                #expect(readme.htmlURL == "https://github.com/\(repo.fullName)/blob/\(repo.defaultBranch)/\(path)")
                #expect(try await client.readmeMarkdown(owner: repo.ownerLogin, name: repo.name) == markdown)
                let html = try await client.readmeHTML(owner: repo.ownerLogin, name: repo.name)
                #expect(html.hasPrefix("<div id=\"readme\" class=\"md\" data-path=\"\(path)\">"))
                #expect(html.contains("<h1 class=\"heading-element\">\(repo.name)</h1>"))
                // The repository's own files as GitHub names them: site-relative to github.com,
                // from the README's folder; a link for a file, `raw` for an image.
                let files = "/\(repo.fullName)/blob/\(repo.defaultBranch)/\(folder)"
                #expect(html.contains("<a href=\"\(files)docs/GUIDE.md\" rel=\"nofollow\">guide</a>"))
                #expect(html.contains("<a href=\"\(files)CHANGELOG.md\" rel=\"nofollow\">changelog</a>"))
                #expect(html.contains("<a href=\"https://example.org/\(repo.name)\" rel=\"nofollow\">"))
                #expect(
                    html.contains(
                        "<a target=\"_blank\" rel=\"noopener noreferrer\" href=\"\(files)assets/screenshot.png\">"
                            + "<img src=\"/\(repo.fullName)/raw/\(repo.defaultBranch)/\(folder)assets/screenshot.png\""))
                #expect(!html.contains("```"))
            }
        }
    }

    @Test func anEmptyRepositorysContributorsAre204AndAnEmptyList() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let repo = try #require(fake.dataset.repositories.first)
            #expect(await fake.empty(repo.fullName))
            let page = try await client.contributors(owner: repo.ownerLogin, name: repo.name)
            #expect(page.items.isEmpty)
            #expect(page.links.next == nil)
            #expect(try await client.releases(owner: repo.ownerLogin, name: repo.name).items.isEmpty)
            #expect(try await client.languages(owner: repo.ownerLogin, name: repo.name).shares.isEmpty)
        }
    }

    @Test func aRepositoryWithoutReadmeIsNotFound() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let repo = try Self.repository(fake) { fake.dataset.readme(for: $0) == nil }
            let error = await gitHubFailure { try await client.readmeMarkdown(owner: repo.ownerLogin, name: repo.name) }
            guard case .notFound? = error else { throw RecordedAnswerTests.Unexpected(error) }
        }
    }

    @Test func eachMediaTypeHasItsOwnETag() async throws {
        try await withFakeClient(smallFake(), token: FakeGitHub.octocatToken) { client, fake in
            let repo = try Self.repository(fake) { fake.dataset.readme(for: $0) != nil }
            let path = "/repos/\(repo.fullName)/readme"
            let json = try await client.send(.get(path))
            let raw = try await client.send(GitHubRequest.get(path).accepting(GitHubClient.MediaType.raw))
            let etag = try #require(raw.etag)
            #expect(json.etag != etag)
            #expect(raw.header("content-type")?.hasPrefix("text/plain") == true)
            var conditional = GitHubRequest.get(path).accepting(GitHubClient.MediaType.raw)
            conditional.ifNoneMatch = etag
            #expect(try await client.send(conditional).isNotModified)
        }
    }

    @Test func releasesArePagedAndTheLatestIsNotAPrerelease() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let repo = try Self.repository(fake) { fake.dataset.releases(for: $0).count > 30 }
            let expected = fake.dataset.releases(for: repo)
            var page = try await client.releases(owner: repo.ownerLogin, name: repo.name)
            var tags = page.items.map(\.tagName)
            #expect(page.items.count == 30)
            while let next = try await client.nextPage(after: page) {
                page = next
                tags += next.items.map(\.tagName)
            }
            #expect(tags == expected.map(\.tagName))
            let latest = try await client.latestRelease(owner: repo.ownerLogin, name: repo.name)
            #expect(latest.tagName == expected.first { !$0.prerelease }?.tagName)
            #expect(!latest.prerelease)
            #expect(latest.htmlURL == "https://github.com/\(repo.fullName)/releases/tag/\(latest.tagName)")
            #expect(latest.publishedAt != nil)

            let none = try Self.repository(fake) { fake.dataset.releases(for: $0).isEmpty }
            #expect(try await client.releases(owner: none.ownerLogin, name: none.name).items.isEmpty)
            let error = await gitHubFailure { try await client.latestRelease(owner: none.ownerLogin, name: none.name) }
            guard case .notFound? = error else { throw RecordedAnswerTests.Unexpected(error) }
        }
    }

    @Test func contributorsArePagedMostContributionsFirst() async throws {
        try await withFakeClient { client, fake in
            let repo = try Self.repository(fake) { fake.dataset.contributors(for: $0).count > 30 }
            let expected = fake.dataset.contributors(for: repo)
            let first = try await client.contributors(owner: repo.ownerLogin, name: repo.name)
            let second = try #require(try await client.nextPage(after: first))
            let all = first.items + second.items
            #expect(all.map(\.login) == expected.map(\.account.login))
            #expect(all.map(\.contributions) == expected.map(\.contributions))
            #expect(all.map(\.contributions) == all.map(\.contributions).sorted(by: >))
            #expect(all.allSatisfy { $0.htmlURL == "https://github.com/\($0.login)" })
        }
    }

    @Test func languagesAreLargestFirst() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let repo = try Self.repository(fake) { fake.dataset.languages(for: $0).count > 2 }
            let languages = try await client.languages(owner: repo.ownerLogin, name: repo.name)
            #expect(languages.shares.map(\.name) == fake.dataset.languages(for: repo).map(\.name))
            #expect(languages.shares.first?.name == repo.language)
            #expect(languages.totalBytes == fake.dataset.languages(for: repo).reduce(0) { $0 + $1.bytes })
            let none = try Self.repository(fake) { $0.language == nil }
            #expect(try await client.languages(owner: none.ownerLogin, name: none.name).shares.isEmpty)
        }
    }

    @Test func aFormerNameIsRedirectedToTheRepository() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let (former, id) = try #require(fake.dataset.formerNames.min { $0.key < $1.key })
            let repo = try #require(fake.dataset.repository(id: id))
            let parts = former.split(separator: "/").map(String.init)
            let found = try await client.repository(owner: parts[0], name: parts[1])
            #expect(found.fullName == repo.fullName)
            #expect(found.id == id)
            let log = await fake.requests()
            #expect(log.map(\.path) == ["/repos/\(former)", "/repositories/\(id)"])
            #expect(log.map(\.status) == [301, 200])
            // The sections follow too.
            let languages = try await client.languages(owner: parts[0], name: parts[1])
            #expect(languages.shares.map(\.name) == fake.dataset.languages(for: repo).map(\.name))
        }
    }

    @Test func aRenameWhileRunningAnswers301UnderTheOldName() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let repo = try Self.repository(fake) { $0.ownerLogin == "octocat" }
            #expect(await fake.rename(repo.fullName, to: "swiftlang/moved-here"))
            let moved = try await client.repository(owner: repo.ownerLogin, name: repo.name)
            #expect(moved.fullName == "swiftlang/moved-here")
            #expect(moved.owner.login == "swiftlang")
            #expect(try await client.repository(owner: "swiftlang", name: "moved-here").id == repo.id)
            let listed = try await client.repositories(of: "swiftlang", perPage: 100)
            var names = listed.items.map(\.fullName)
            var page = listed
            while let next = try await client.nextPage(after: page) {
                page = next
                names += next.items.map(\.fullName)
            }
            #expect(names.contains("swiftlang/moved-here"))
            #expect(await !fake.rename("octocat/never-was", to: "octocat/x"))
        }
    }
}
