import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeCore
import StarscopeModels
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// The detail's whole star history, `/compare` and the SVG embeds.
@Suite struct HistoryPageTests {
    /// A public repository about three years old, without a README's hostility in the way.
    static func oldRepository(_ fake: FakeGitHub) throws -> FakeRepository {
        let threeYears = Date().addingTimeInterval(-3 * 365 * 86_400)
        return try #require(
            fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) && !$0.fork }
                .min { abs($0.createdAt.timeIntervalSince(threeYears)) < abs($1.createdAt.timeIntervalSince(threeYears)) })
    }

    static func date(_ date: Date) -> String {
        String(CivilDate(millisecondsSince1970: Int64(date.timeIntervalSince1970 * 1000)).iso8601.prefix(10))
    }

    @Test func theDetailShowsTheWholeLifeWithItsPeakBestWeekAndWithdrawnStars() async throws {
        try await WebHarness.run { web in
            let repository = try Self.oldRepository(web.fake)
            await web.fake.setStarsOverItsHistory(repository.fullName, to: 40_000)
            // Starscope saw 40,120 stars earlier today: 120 of them have left since.
            try await web.services.database.observeSample(
                repositoryID: repository.id, fullName: repository.fullName, stars: 40_120, at: Date().addingTimeInterval(-60))
            let (status, html, _) = try await web.page("/repos/\(repository.fullName)")
            #expect(status == .ok)
            #expect(html.contains("data-star-history data-from=\"\(Self.date(repository.createdAt))\" data-total=\"40000\""))
            #expect(html.contains("data-stars-withdrawn=\"120\""))
            #expect(html.contains("120 stars withdrawn since Starscope counted them"))
            #expect(html.contains("40,000 stars since \(Self.date(repository.createdAt)). Peak day: "))
            #expect(html.contains("best 7 days from "))
            #expect(html.contains("<figure class=\"curve-figure\" data-chart tabindex=\"0\""))
            #expect(html.contains("<rect class=\"hit\""), "columns to point at")
            #expect(html.contains("<circle class=\"seen\""), "Starscope's own count laid over")
            #expect(html.contains("<summary>Stars per week</summary>"))
            #expect(html.contains("href=\"/compare?repos=\(repository.ownerLogin)%2F\(repository.name)\""))
            #expect(html.contains("href=\"/repos/\(repository.fullName)/stars.svg\""))
            #expect(html.components(separatedBy: "data-star-history").count == 2, "one chart")
            // At a glance, for a phone's first screen: the total, the last 7 days, a sparkline of
            // three years in at most 61 points, and the way to the whole chart.
            let glance = try #require(html.components(separatedBy: "<section class=\"history-glance\"").dropFirst().first)
            #expect(glance.contains("<strong>40,000 stars</strong> · <strong>+"))
            #expect(glance.contains(" in the last 7 days · peak "))
            #expect(glance.contains("<a href=\"#history-title\">Whole star history</a>"))
            let points = try #require(glance.components(separatedBy: "points=\"").dropFirst().first?.prefix { $0 != "\"" })
            #expect((2...61).contains(points.split(separator: " ").count))
        }
    }

    @Test func withoutGitHubsHistoryStarscopesOwnCountsAreShownAndSaySo() async throws {
        try await WebHarness.run { web in
            let none = try #require(web.fake.dataset.repositories.first { FakeGitHub.hasNoStarHistory($0.id) })
            let (status, html, _) = try await web.page("/repos/\(none.fullName)")
            #expect(status == .ok)
            #expect(html.contains("data-star-history"))
            #expect(html.contains("GitHub has no star history for this repository."))
        }
    }

    @Test func compareDrawsTwoToTenCurves() async throws {
        try await WebHarness.run { web in
            let names = web.fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0 }.prefix(3).map(
                \.fullName)
            let (status, html, _) = try await web.page("/compare?repos=\(names.joined(separator: ","))&align=created&scale=log")
            #expect(status == .ok)
            for name in names { #expect(html.contains("<tr data-repo=\"\(name)\"")) }
            #expect(html.contains("class=\"curve s2\""))
            #expect(html.contains("<option value=\"created\" selected>"))
            #expect(html.contains("<option value=\"log\" selected>"))
            let (one, prompt, _) = try await web.page("/compare?repos=\(names[0])")
            #expect(one == .ok && prompt.contains("Add at least two repositories"))
            #expect(try await web.page("/compare?repos=not-a-name").status == .badRequest)
            #expect(try await web.page("/compare?repos=a/b&scale=cubic").status == .badRequest)
            #expect(try await web.page("/compare?repos=a/b&show=daily").status == .badRequest)
            // By the week: the form, the link and the downloads say so.
            let (_, weekly, _) = try await web.page("/compare?repos=\(names.joined(separator: ","))&show=weekly")
            #expect(weekly.contains("<option value=\"weekly\" selected>Stars per week</option>"))
            #expect(weekly.contains("aria-label=\"Stars per week of \(names.joined(separator: ", "))\""))
            let links = SearchPageTests.values(weekly, of: "href").filter { $0.hasPrefix("/compare") }
            // Each repository's removal, the link and both downloads.
            #expect(links.count == 6 && links.allSatisfy { $0.contains("show=weekly") })
            let svg = try await web.get("/compare.svg?repos=\(names.joined(separator: ","))&show=weekly")
            #expect(String(buffer: svg.body).contains("<title>Stars per week of \(names.joined(separator: ", "))</title>"))
            let eleven = (0..<11).map { "owner/repo\($0)" }.joined(separator: ",")
            #expect(try await web.page("/compare?repos=\(eleven)").status == .badRequest)
        }
    }

    @Test func favouritesLeadToComparingThem() async throws {
        try await WebHarness.run { web in
            let names = web.fake.dataset.repositories.prefix(2).map(\.fullName)
            for name in names { try await web.services.favorites.add(RepositoryName(parsing: name)) }
            let (_, html, _) = try await web.page("/favorites")
            // A picker: one checkbox per favourite shown, none ticked; the ticked ones are compared.
            #expect(html.contains("<form class=\"compare-picker\" method=\"get\" action=\"/compare\">"))
            for name in names { #expect(html.contains("<input type=\"checkbox\" name=\"repos\" value=\"\(name)\">")) }
            #expect(!html.contains("name=\"repos\" value=\"\(names[0])\" checked"))
            let (status, compare, _) = try await web.page("/compare?repos=\(names[1])&repos=\(names[0])")
            #expect(status == .ok)
            #expect(SearchPageTests.values(compare, of: "data-repo").filter(names.contains) == [names[1], names[0]])
            // Commas still work, as in links already shared.
            let (_, shared, _) = try await web.page("/compare?repos=" + names.joined(separator: ",+"))
            #expect(shared.contains("<tr data-repo=\"\(names[0])\""))
        }
    }

    @Test func theEmbedsAreSelfContainedSVGWithValidators() async throws {
        try await WebHarness.run { web in
            let repository = try Self.oldRepository(web.fake)
            let response = try await web.get("/repos/\(repository.fullName)/stars.svg?theme=dark")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(response.headers[.cacheControl] == "public, max-age=3600")
            let svg = String(buffer: response.body)
            #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(svg.contains("fill=\"#0d1117\""), "the dark theme's background")
            for forbidden in ["<script", "href=", "xlink", "url(", "<image", "<foreignObject", "<style", "http://", "https://"]
            where forbidden != "http://" {
                #expect(!svg.contains(forbidden), "\(forbidden) in an embed")
            }
            #expect(!svg.contains(" onload") && !svg.contains(" onclick"))
            let etag = try #require(response.headers[.eTag])
            let again = try await web.get("/repos/\(repository.fullName)/stars.svg?theme=dark", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            let names = web.fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0 }.prefix(2).map(
                \.fullName)
            let compare = try await web.get("/compare.svg?repos=\(names.joined(separator: ","))")
            #expect(compare.status == .ok && String(buffer: compare.body).contains("fill=\"#ffffff\""))
            #expect(try await web.get("/repos/\(repository.fullName)/stars.svg?theme=purple").status == .badRequest)
        }
    }

    @Test func anEmbedNeverShowsAPrivateRepositoryAndNeedsSignInUnlessPublic() async throws {
        var configuration = WebHarness.smallWorld()
        let probe = FakeGitHub(configuration).dataset
        let secret = try #require(
            probe.repositories.first { $0.ownerLogin == "octocat" && !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0 })
        configuration.privateRepositories = [secret.fullName]
        let world = configuration
        // The server's own token is the owner's: its pages show the repository, its embeds never do.
        try await WebHarness.run(world, token: FakeGitHub.octocatToken) { web async throws in
            #expect(try await web.page("/repos/\(secret.fullName)").status == .ok)
            #expect(try await web.get("/repos/\(secret.fullName)/stars.svg").status == .notFound)
        }
        let open = try #require(
            probe.repositories.first { $0.ownerLogin != "octocat" && !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0 })
        try await WebHarness.run(world, requireSignIn: true) { web async throws in
            let closed = try await web.get("/repos/\(open.fullName)/stars.svg")
            #expect(closed.status != .ok && !String(buffer: closed.body).contains("<svg"))
        }
        try await WebHarness.run(world, token: FakeGitHub.octocatToken, requireSignIn: true, publicEmbeds: true) { web async throws in
            #expect(try await web.get("/repos/\(open.fullName)/stars.svg").status == .ok)
            #expect(try await web.get("/repos/\(secret.fullName)/stars.svg").status == .notFound)
            #expect(try await web.get("/repos/\(open.fullName)").status != .ok, "pages still need sign-in")
        }
    }

    /// Anyone may load an embed (`--public-embeds`, no cookie), but not spend the server token's
    /// budget: one client gets its share of new drawings a minute, what was drawn is kept and
    /// served again for nothing, and a name GitHub did not know is not asked again for a while.
    @Test func embedsSpendABoundedBudget() async throws {
        var world = WebHarness.smallWorld()
        world.maxAge = 0
        try await WebHarness.run(world, token: FakeGitHub.octocatToken, requireSignIn: true, publicEmbeds: true) { web async throws in
            let names = web.fake.dataset.repositories.filter {
                $0.ownerLogin != "octocat" && !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0
            }.prefix(40).map(\.fullName)
            try #require(names.count == 40)
            let share = EmbedGuard.drawsPerMinute
            for name in names.prefix(share) { #expect(try await web.get("/repos/\(name)/stars.svg").status == .ok) }
            // Past its share, the client is refused at no cost…
            await web.fake.clearRequests()
            for name in names.dropFirst(share) {
                let refused = try await web.get("/repos/\(name)/stars.svg")
                #expect(refused.status == .tooManyRequests)
                #expect(refused.headers[.retryAfter] == "60")
            }
            // …and what was drawn is served again for nothing.
            for name in names.prefix(share) { #expect(try await web.get("/repos/\(name)/stars.svg").status == .ok) }
            #expect(await web.fake.requests().isEmpty)
        }
        try await WebHarness.run(world, requireSignIn: true, publicEmbeds: true) { web async throws in
            await web.fake.clearRequests()
            for round in 0..<10 {
                for missing in ["nobody-here/none", "nobody-here/nothing", "nobody-there/none"] {
                    #expect(try await web.get("/repos/\(missing)/stars.svg").status == .notFound, "round \(round)")
                }
            }
            #expect(await web.fake.requests().count == 3)
        }
    }

    /// Without a token (60 requests an hour), embeds stop asking once the budget is down to the
    /// reserve: new ones are refused with 503 at no cost, drawn ones are still served.
    @Test func embedsWaitWhileTheBudgetIsLow() async throws {
        var world = WebHarness.smallWorld()
        world.maxAge = 0
        try await WebHarness.run(world, requireSignIn: true, publicEmbeds: true) { web async throws in
            let names = web.fake.dataset.repositories.filter { !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0 && !$0.isPrivate }
                .prefix(EmbedGuard.drawsPerMinute).map(\.fullName)
            var drawn: [String] = []
            var waiting: [String] = []
            for name in names {
                let response = try await web.get("/repos/\(name)/stars.svg")
                if response.status == .ok { drawn.append(name) }
                if response.status == .serviceUnavailable {
                    waiting.append(name)
                    await web.fake.clearRequests()
                }
            }
            #expect(!drawn.isEmpty && !waiting.isEmpty)
            #expect(drawn.count + waiting.count == names.count)
            #expect(await web.fake.requests().isEmpty, "nothing asked once the budget was low")
            #expect(await web.fake.rateLimit().remaining > 0)
            for name in drawn { #expect(try await web.get("/repos/\(name)/stars.svg").status == .ok) }
        }
    }

    /// Strangers on several addresses asking for comparisons of ten repositories each spend at
    /// most the embeds' share of the server token's hour, counted in requests to GitHub: past it,
    /// new drawings wait (503 with Retry-After) and drawn ones are still served.
    @Test func embedsSpendTheirShareOfTheHourCountedInRequests() async throws {
        var world = WebHarness.smallWorld()
        world.maxAge = 0
        try await WebHarness.run(
            world, token: FakeGitHub.octocatToken, requireSignIn: true, publicEmbeds: true, live: true,
            configure: {
                ThrottleTests.behindTheProxy(&$0)
                $0.embedShare = 0.01
            }
        ) { web async throws in
            // Young ones (a page of history each), so that a drawing is quick on a busy machine.
            let young = Date().addingTimeInterval(-150 * 86_400)
            let names = web.fake.dataset.repositories.filter {
                !$0.isPrivate && !FakeGitHub.hasNoStarHistory($0.id) && $0.stars > 0 && $0.createdAt > young
            }.prefix(120).map(\.fullName)
            try #require(names.count == 120)
            let allowance = web.services.server.embedAllowance.perHour
            #expect(allowance == 50)
            await web.fake.clearRequests()
            var drawn: [String] = []
            var waiting = 0
            for index in 0..<12 {
                let repos = names[(index * 10)..<(index * 10 + 10)].joined(separator: ",")
                let path = "/compare.svg?repos=\(repos)"
                let response = try await web.get(path, headers: ThrottleTests.from("198.51.100.\(index % 4 + 1)"))
                if response.status == .ok {
                    drawn.append(path)
                } else {
                    #expect(response.status == .serviceUnavailable)
                    #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 60)
                    waiting += 1
                }
            }
            let asked = await web.fake.requests().count
            #expect(asked <= allowance, "embeds asked GitHub \(asked) times")
            #expect(!drawn.isEmpty && waiting > 0)
            // What was drawn is still served, for nothing.
            await web.fake.clearRequests()
            for path in drawn { #expect(try await web.get(path, headers: ThrottleTests.from("203.0.113.1")).status == .ok) }
            #expect(await web.fake.requests().isEmpty)
        }
    }
}
