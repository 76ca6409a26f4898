import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeCore
import StarscopeModels
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// Rate-limit advice per resource and for the token in use, `GH_TOKEN` over the token form, and
/// the smaller points: counts with the right noun, releases linked, the Accounts tab, and forms
/// that redirect after posting.
@Suite struct HonestWordingTests {
    @Test func withATokenTheBannerNeverAsksForOneAndTellsEachLimit() async throws {
        try await WebHarness.run(searchFreshness: 0, token: FakeGitHub.octocatToken) { web in
            #expect(try await web.page("/?since=month").status == .ok)
            await web.fake.setRemaining(0, token: FakeGitHub.octocatToken, resource: "search")
            let search = await web.fake.rateLimit(token: FakeGitHub.octocatToken, resource: "search")
            let (_, list, _) = try await web.page("/?since=month")
            let banner = try #require(Self.banner(list))
            #expect(banner.contains("search limit is used up (30 searches a minute) — resets at \(ClockTime.format(search.reset))"))
            #expect(!banner.contains("token"))
        }
    }

    @Test func aPageThatMetBothLimitsTellsEachWithItsOwnResetCoreFirst() throws {
        let report = CacheReport()
        let searchReset = Date(timeIntervalSince1970: 1_750_000_060)
        let coreReset = Date(timeIntervalSince1970: 1_750_003_600)
        // The list's search answer is the older stale one; the detail's core answer came after.
        report.recordStale(
            fetchedAt: Date(timeIntervalSince1970: 1_749_999_000), reason: .rateLimited(resource: "search", limit: 30, reset: searchReset),
            subject: "search results")
        report.recordStale(
            fetchedAt: Date(timeIntervalSince1970: 1_749_999_500), reason: .rateLimited(resource: "core", limit: 5_000, reset: coreReset),
            subject: "octocat/Hello-World")
        let banner = try #require(Banner.text(report.stale, limits: report.rateLimits))
        #expect(
            banner
                == "GitHub's rate limit is used up (5,000 requests an hour) — resets at \(ClockTime.format(coreReset)). "
                + "GitHub's search limit is used up (30 searches a minute) — resets at \(ClockTime.format(searchReset)). "
                + "Showing results from \(ClockTime.format(Date(timeIntervalSince1970: 1_749_999_000))): "
                + "search results and octocat/Hello-World.")
    }

    @Test func withoutATokenTheBannerSaysWhatATokenWouldGive() {
        let reset = Date(timeIntervalSince1970: 1_750_000_000)
        let core = Banner.sentence(.init(resource: "core", limit: 60, reset: reset))
        #expect(
            core.hasSuffix("(60 requests an hour) — resets at \(ClockTime.format(reset)); a token in Settings raises it to 5,000 an hour."))
        let search = Banner.sentence(.init(resource: "search", limit: 10, reset: nil))
        #expect(search == "GitHub's search limit is used up (10 searches a minute); a token in Settings raises it to 30 a minute.")
        // GitHub did not say the limit: nothing is claimed about tokens.
        #expect(Banner.sentence(.init(resource: "core", limit: 0, reset: nil)) == "GitHub's rate limit is used up.")
        #expect(!Banner.sentence(.init(resource: "core", limit: 5_000, reset: nil)).contains("token"))
        #expect(
            StarscopeError(.rateLimited(resource: "core", limit: 0, reset: nil), about: .search).message
                == "GitHub's rate limit is used up.")
        #expect(
            StarscopeError(.rateLimited(resource: "search", limit: 10, reset: nil), about: .search).message.contains(
                "a token raises it to 30 searches a minute"))
    }

    @Test func settingsSaysWhenGHTokenWinsAndOffersNoForm() async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken) { web in
            let (_, settings, _) = try await web.page("/settings")
            #expect(settings.contains("The token comes from <code>GH_TOKEN</code> in the environment"))
            #expect(!settings.contains("action=\"/settings/token\""))
            let (cookie, token) = try await web.csrf()
            let refused = try await web.post(
                "/settings/token", form: ["token": "ghp_" + String(repeating: "a", count: 36), "csrf": token], cookie: cookie)
            #expect(refused.status == .seeOther)
            let shown = String(buffer: try await web.get(try #require(refused.headers[.location]), headers: [.cookie: cookie]).body)
            #expect(shown.contains("GH_TOKEN is set in the environment and wins over a token saved here"))
            #expect(web.services.server.storedToken == nil)
        }
        try await WebHarness.run { web in
            let (_, settings, _) = try await web.page("/settings")
            #expect(settings.contains("action=\"/settings/token\""))
            #expect(!settings.contains("in the environment"))
        }
    }

    @Test func countsTakeTheRightNoun() {
        #expect(CountNoun.text(1, "fork") == "1 fork")
        #expect(CountNoun.text(0, "fork") == "0 forks")
        #expect(CountNoun.text(1_234, "star") == "1,234 stars")
        #expect(CountNoun.text(1, "repository", plural: "repositories") == "1 repository")
        #expect(CountNoun.text(2, "repository", plural: "repositories") == "2 repositories")
        #expect(CountNoun.word(UInt(1), "star") == "star")
        let one = RepositoryRow.forks(1).markup
        #expect(one.contains(">1 fork</span>") && one.contains("title=\"1 fork\""))
        #expect(RepositoryRow.stars(1).markup.contains("<span class=\"visually-hidden\"> star</span>"))
        #expect(RepositoryRow.forks(2_500).markup.contains(">2.5k forks</span>"))
    }

    @Test func aReleaseUpdateLinksToTheRelease() async throws {
        var world = WebHarness.smallWorld()
        world.maxAge = 0
        try await WebHarness.run(world, token: FakeGitHub.octocatToken) { web in
            let repository = try #require(web.fake.dataset.repositories.first)
            try await web.services.favorites.add(RepositoryName(parsing: repository.fullName))
            _ = await web.services.rounds.updatesRound()
            #expect(await web.fake.publishRelease(repository.fullName, tag: "v7.0.0"))
            _ = await web.services.rounds.updatesRound()
            let (_, page, _) = try await web.page("/updates")
            #expect(
                page.contains(
                    "<a class=\"inline release-link\" href=\"https://github.com/\(repository.fullName)/releases/tag/v7.0.0\" rel=\"noopener noreferrer\">Read the release on GitHub</a>"
                ))
        }
    }

    @Test func theAccountsTabOpensYourOwnAccountOrSaysHow() async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken) { web in
            let (_, home, _) = try await web.page("/")
            #expect(home.contains("<a href=\"/users/go\"><svg"))
            let own = try await web.get("/users/go")
            #expect(own.status == .found)
            #expect(own.headers[.location] == "/users/octocat")
        }
        try await WebHarness.run { web in
            let (status, page, _) = try await web.page("/users/go")
            #expect(status == .ok)
            #expect(
                page.contains(
                    "With a GitHub token (in <a class=\"inline\" href=\"/settings\">Settings</a>), this tab opens your own account."))
            #expect(page.contains("action=\"/users/go\""))
            #expect(page.contains("href=\"/users/go\" aria-current=\"page\""))
        }
    }
}

extension HonestWordingTests {
    /// The banner's text, when the page has one.
    static func banner(_ html: String) -> String? {
        guard let start = html.range(of: "<div class=\"banner\" role=\"status\">") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "<" }).replacingOccurrences(of: "&#39;", with: "'")
    }
}
