import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeCore
import Testing

@testable import StarscopeWeb

/// A repository's page with its README, languages, releases and contributors; renames, topics,
/// sorts and account filters, against the fake GitHub.
@Suite struct RepositorySectionsPageTests {
    @Test func theDetailShowsReadmeLanguagesReleasesAndContributors() async throws {
        try await WebHarness.run { web in
            let dataset = web.fake.dataset
            let repository = try #require(
                dataset.repositories.first {
                    dataset.readme(for: $0) != nil && !dataset.hasHostileReadme($0) && !dataset.releases(for: $0).isEmpty
                        && !dataset.contributors(for: $0).isEmpty
                })
            let (status, html, response) = try await web.page("/repos/\(repository.fullName)")
            #expect(status == .ok)
            #expect(html.contains("<div class=\"readme\" data-readme>"))
            #expect(html.contains("<svg class=\"language-bar\""))
            let newest = try #require(dataset.releases(for: repository).first)
            #expect(html.contains("data-release=\"\(newest.tagName)\""))
            let top = try #require(dataset.contributors(for: repository).first)
            #expect(html.contains("data-contributor=\"\(top.account.login)\""))
            #expect(html.contains("href=\"/users/\(top.account.login)\""))
            // At most five releases, and the sections come after the facts.
            #expect(html.components(separatedBy: "data-release=").count - 1 <= 5)
            let facts = try #require(html.range(of: "<dl class=\"facts\">"))
            let readme = try #require(html.range(of: "data-readme"))
            #expect(facts.lowerBound < readme.lowerBound)
            // README images may come from GitHub's image hosts, and nowhere else.
            let policy = try #require(response.headers[.contentSecurityPolicy])
            #expect(policy.contains("img-src 'self' data: https://camo.githubusercontent.com"))
            #expect(policy.contains("script-src 'self';"))
        }
    }

    @Test func anEmptyRepositoryShowsNoSectionsAndNoError() async throws {
        try await WebHarness.run { web in
            let repository = try #require(web.fake.dataset.repositories.first)
            #expect(await web.fake.empty(repository.fullName))
            // Twice: GitHub's 204, then the same answer from the store.
            for _ in 0..<2 {
                let (status, html, _) = try await web.page("/repos/\(repository.fullName)")
                #expect(status == .ok)
                #expect(html.contains("<dl class=\"facts\">"))
                for absent in ["contributors-section", "releases-section", "data-readme", "cannot read", "could not"] {
                    #expect(!html.contains(absent), "\(absent)")
                }
            }
            #expect(await web.fake.requests().contains { $0.path == "/repos/\(repository.fullName)/contributors" })
        }
    }

    @Test func gitHubsSiteRelativeReadmeLinksAreTheRepositorysOwnFiles() async throws {
        try await WebHarness.run { web in
            let dataset = web.fake.dataset
            func plain(_ repository: FakeRepository) -> Bool {
                dataset.readme(for: repository) != nil && !dataset.hasHostileReadme(repository)
            }
            // At the root on `main`, in `docs/`, and on `master` (three, within the anonymous rate limit).
            let repositories = [
                dataset.repositories.first { plain($0) && dataset.readmePath(for: $0) == "README.md" && $0.defaultBranch == "main" },
                dataset.repositories.first { plain($0) && dataset.readmePath(for: $0) == "docs/README.md" },
                dataset.repositories.first { plain($0) && $0.defaultBranch == "master" },
            ]
            #expect(repositories.allSatisfy { $0 != nil })
            for repository in repositories.compactMap(\.self) {
                let (_, html, _) = try await web.page("/repos/\(repository.fullName)")
                let start = try #require(html.range(of: "data-readme>"), "\(repository.fullName)")
                let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
                let readme = String(html[start.upperBound..<end.lowerBound])
                let folder = dataset.readmePath(for: repository).hasPrefix("docs/") ? "docs/" : ""
                let files = "https://github.com/\(repository.fullName)/blob/\(repository.defaultBranch)/\(folder)"
                let raw = "https://raw.githubusercontent.com/\(repository.fullName)/\(repository.defaultBranch)/\(folder)"
                #expect(readme.contains("href=\"\(files)docs/GUIDE.md\""), "\(repository.fullName)")
                #expect(readme.contains("href=\"\(files)CHANGELOG.md\""), "\(repository.fullName)")
                #expect(readme.contains("src=\"\(raw)assets/screenshot.png\""), "\(repository.fullName)")
                #expect(!readme.contains("\(repository.fullName)/blob/\(repository.defaultBranch)/\(repository.fullName)"))
            }
        }
    }

    /// Two views of one repository show the same sections, README included.
    @Test func twoViewsShowTheSameSections() async throws {
        try await WebHarness.run { web in
            let dataset = web.fake.dataset
            let repository = try #require(
                dataset.repositories.first { dataset.readme(for: $0) != nil && !dataset.releases(for: $0).isEmpty })
            let (first, html, _) = try await web.page("/repos/\(repository.fullName)")
            let (second, again, _) = try await web.page("/repos/\(repository.fullName)")
            #expect(first == .ok && second == .ok)
            let sections = try #require(html.firstRange(of: "<section class=\"star-history\"").map { html[$0.lowerBound...] })
            #expect(sections.contains("data-readme"))
            #expect(again.hasSuffix(String(sections)))
        }
    }

    @Test func aHostileReadmeLosesEverythingThatCouldRun() async throws {
        var world = WebHarness.smallWorld()
        world.hostile = true
        // A token: twelve details with their sections and star histories outgrow 60 requests an hour.
        try await WebHarness.run(world, token: FakeGitHub.octocatToken) { web in
            for repository in web.fake.dataset.repositories.prefix(12) where web.fake.dataset.readme(for: repository) != nil {
                let (_, html, _) = try await web.page("/repos/\(repository.fullName)")
                let start = try #require(html.range(of: "data-readme>"), "\(repository.fullName)")
                let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
                let readme = html[start.upperBound..<end.lowerBound].lowercased()
                for forbidden in [
                    "<script", "<iframe", "<form", "<meta", "<style", "<link", "<base", "javascript:", "vbscript:", "data:text",
                ] {
                    #expect(!readme.contains(forbidden), "\(repository.fullName): \(forbidden)")
                }
                #expect(readme.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "\(repository.fullName)")
                let scripts = html.components(separatedBy: "<script").dropFirst()
                #expect(!scripts.isEmpty && scripts.allSatisfy { $0.hasPrefix(" src=\"/assets/") })
            }
        }
    }

    @Test func aRenamedRepositoryAnswersWithItsNewAddress() async throws {
        try await WebHarness.run { web in
            let (former, id) = try #require(web.fake.dataset.formerNames.first)
            let current = try #require(web.fake.dataset.repository(id: id))
            let response = try await web.get("/repos/\(former)?from=%2Ffavorites")
            #expect(response.status == .movedPermanently)
            #expect(response.headers[.location] == "/repos/\(current.fullName)?from=%2Ffavorites")
        }
    }

    @Test func topicsAndSortsReachGitHubsSearch() async throws {
        try await WebHarness.run { web in
            await web.fake.clearRequests()
            let (status, html, _) = try await web.page("/?since=month&topic=cli&sort=forks")
            #expect(status == .ok)
            let search = try #require(await web.fake.requests().first { $0.path == "/search/repositories" })
            let query = search.query ?? ""
            #expect(query.contains("sort=forks"))
            #expect(query.removingPercentEncoding?.contains("topic:cli") == true)
            #expect(html.contains("Topic: cli ✕"))
            #expect(html.contains("<option value=\"forks\" selected>Forks</option>"))
            #expect(html.contains("most forks first"))
            #expect(try await web.page("/?sort=popularity").status == .badRequest)
        }
    }

    @Test func anAccountsRepositoriesSortAndFilter() async throws {
        try await WebHarness.run { web in
            let owner = try #require(
                Dictionary(grouping: web.fake.dataset.repositories, by: \.ownerLogin).max { $0.value.count < $1.value.count }?.key)
            let (_, byName, _) = try await web.page("/users/\(owner)?sort=name")
            let names = FaultMatrixTests.names(byName)
            #expect(names.count > 2)
            #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
            let (_, byStars, _) = try await web.page("/users/\(owner)?sort=stars")
            let stars = byStars.components(separatedBy: "data-stars=\"").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
            #expect(stars == stars.sorted(by: >))
            let language = try #require(web.fake.dataset.repositories.first { $0.ownerLogin == owner && $0.language != nil }?.language)
            let (_, filtered, _) = try await web.page("/users/\(owner)?language=\(HTML.query(language))")
            let languages = filtered.components(separatedBy: "<span class=\"lang\">").dropFirst().map {
                String($0.components(separatedBy: "</svg>").dropFirst().first?.prefix { $0 != "<" } ?? "")
            }
            #expect(!languages.isEmpty)
            #expect(languages.allSatisfy { $0 == HTML.escape(language) }, "\(languages)")
        }
    }
}
