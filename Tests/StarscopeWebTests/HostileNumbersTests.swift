import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeCore
import StarscopeModels
import Testing

@testable import StarscopeWeb

/// The numeric attacks of issue 24, against the whole app: each crashed the server before.
@Suite struct HostileNumbersTests {
    static func entry(id: Int, name: String, count: String) -> String {
        """
        {"id": \(id), "name": "\(name)", "full_name": "hostile/\(name)", "owner": {"id": 7, "login": "hostile"},
         "html_url": "https://github.com/hostile/\(name)", "created_at": "2020-01-01T00:00:00Z",
         "stargazers_count": \(count), "forks_count": \(count), "open_issues_count": \(count), "watchers_count": \(count)}
        """
    }

    /// A favourites file with 9×10¹⁸ and −2⁶³ stars: the pages answer, and answer again after a
    /// restart on the same database (the trap used to come back on every start).
    @Test func anImportOfOutsizedCountsLeavesEveryPageAnsweringAlsoAfterARestart() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-numbers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let file =
            "[\(Self.entry(id: 101, name: "huge", count: "9000000000000000000")), \(Self.entry(id: 102, name: "low", count: "-9223372036854775808"))]"
        let pages = ["/favorites", "/favorites?sort=stars", "/repos/hostile/huge?from=%2Ffavorites", "/rising", "/updates", "/healthz"]
        try await WebHarness.run(home: home) { web in
            let report = try await web.services.favorites.importFavorites(Data(file.utf8))
            #expect(report.added.sorted() == ["hostile/huge", "hostile/low"])
            for uri in pages {
                let (status, _, _) = try await web.page(uri)
                #expect(status == .ok, "\(uri)")
            }
            let (_, html, _) = try await web.page("/favorites")
            #expect(html.contains("data-stars=\"\(Count.maximum)\""))
            #expect(html.contains("data-stars=\"0\""))
        }
        try await WebHarness.run(home: home) { web in
            for uri in pages {
                let (status, _, _) = try await web.page(uri)
                #expect(status == .ok, "after a restart: \(uri)")
            }
            let (_, html, _) = try await web.page("/favorites")
            #expect(html.contains("data-repo=\"hostile/huge\""))
            // A background round over them (GitHub has neither) goes through too.
            _ = await web.services.rounds.updatesRound()
            #expect(try await web.page("/healthz").status == .ok)
        }
    }

    /// `X-RateLimit-Limit: 9223372036854775807` with `Remaining: -1` (and a reset and used past
    /// any calendar) on every answer: pages, Settings and a background round all answer.
    @Test func hostileRateLimitHeadersLeavePagesAnswering() async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken) { web in
            let repository = try #require(web.fake.dataset.repositories.first)
            try await web.services.favorites.add(RepositoryName(parsing: repository.fullName))
            await web.fake.overrideRateLimitHeaders([
                "limit": "9223372036854775807", "remaining": "-1", "used": "-9223372036854775808", "reset": "9223372036854775807",
            ])
            let login = repository.fullName.split(separator: "/")[0]
            for uri in ["/", "/?since=day", "/users/\(login)", "/repos/\(repository.fullName)", "/settings", "/search?q=a", "/favorites"] {
                let (status, _, _) = try await web.page(uri)
                #expect(status.code < 500, "\(uri): \(status)")
            }
            _ = await web.services.rounds.updatesRound()
            let (status, html, _) = try await web.page("/settings")
            #expect(status == .ok)
            #expect(!html.contains("9223372036854775807"))
        }
    }

    /// An upstream star count of −2⁶³ (and 2⁶³ − 1) on an account's repositories: the account
    /// page answers, sorted by stars too, and shows the counts held to 0 and 10¹².
    @Test func anUpstreamStarCountOfMinusTwoToTheSixtyThirdLeavesTheAccountPageAnswering() async throws {
        try await WebHarness.run { web in
            // An account whose repositories (not forks) fit on one page, so both counts are shown.
            let owner = try #require(
                web.fake.dataset.accounts.first {
                    let own = web.fake.dataset.repositories(ownedBy: $0)
                    return own.count <= 20 && own.filter { !$0.fork }.count >= 2
                })
            let repositories = web.fake.dataset.repositories(ownedBy: owner).filter { !$0.fork }
            #expect(await web.fake.setStars(repositories[0].fullName, to: Int.min))
            #expect(await web.fake.setStars(repositories[1].fullName, to: Int.max))
            for uri in ["/users/\(owner.login)", "/users/\(owner.login)?sort=stars", "/repos/\(repositories[0].fullName)"] {
                let (status, _, _) = try await web.page(uri)
                #expect(status == .ok, "\(uri)")
            }
            let (_, html, _) = try await web.page("/users/\(owner.login)?sort=stars")
            #expect(html.contains("data-stars=\"0\""))
            #expect(html.contains("data-stars=\"\(Count.maximum)\""))
        }
    }
}
