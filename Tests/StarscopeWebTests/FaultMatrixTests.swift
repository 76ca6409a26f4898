import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeCore
import StarscopeTestSupport
import Testing

@testable import StarscopeWeb

/// Every fault the fake GitHub can make, through the web app's pages and its live updates: the
/// right status, one clear message, saved data shown where there is some, the server still
/// serving afterwards, and nothing lost from the store.
@Suite struct FaultMatrixTests {
    static let list = "/?since=month"

    @Test(arguments: FaultCase.allCases)
    func listWithNothingSaved(fault: FaultCase) async throws {
        try await Self.run { web in
            let favourites = try await Self.addFavourites(web)
            await fault.inject(into: web.fake, path: "/search")
            let (status, html, _) = try await web.page(Self.list)
            if let phrase = fault.phrase {
                #expect(status == (fault == .notFound ? .notFound : .serviceUnavailable), "\(fault)")
                #expect(Self.count("class=\"error-state\"", in: html) == 1, "\(fault)")
                #expect(Self.message(in: html).contains(phrase), "\(fault): \(Self.message(in: html))")
                // Written for people: no paths, formats or terminal commands.
                for jargon in ["/search", "JSON", "`", "starscope ", "auth login"] {
                    #expect(!Self.message(in: html).contains(jargon), "\(fault): \(Self.message(in: html))")
                }
                #expect(Self.rows(html) == 0)
            } else {
                #expect(status == .ok)
                #expect(Self.rows(html) == TrendingList.rowsPerPage)
                #expect(html.contains("some repositories may be missing"))
            }
            try await Self.expectStillServing(web, after: fault, favourites: favourites)
        }
    }

    @Test(arguments: FaultCase.allCases)
    func listWithASavedAnswer(fault: FaultCase) async throws {
        try await Self.run { web in
            let favourites = try await Self.addFavourites(web)
            let (_, saved, _) = try await web.page(Self.list)
            let savedNames = Self.names(saved)
            #expect(savedNames.count == TrendingList.rowsPerPage)
            await fault.inject(into: web.fake, path: "/search")
            let (status, html, _) = try await web.page(Self.list)
            if fault.savedAnswerStandsIn {
                #expect(status == .ok, "\(fault)")
                #expect(Self.names(html) == savedNames, "\(fault)")
                let banner = try #require(Self.banner(in: html), "\(fault)")
                #expect(banner.contains(fault.bannerPhrase), "\(fault): \(banner)")
                #expect(!html.contains("class=\"error-state\""))
            } else if let phrase = fault.phrase {
                #expect(status != .ok, "\(fault)")
                #expect(Self.count("class=\"error-state\"", in: html) == 1)
                #expect(Self.message(in: html).contains(phrase), "\(fault): \(Self.message(in: html))")
            } else {
                #expect(status == .ok)
                #expect(html.contains("some repositories may be missing"))
            }
            try await Self.expectStillServing(web, after: fault, favourites: favourites)
            // The failure did not replace the saved answer: the same rows come back.
            #expect(Self.names(try await web.page(Self.list).html) == savedNames, "\(fault)")
        }
    }

    @Test(arguments: FaultCase.repositoryFaults)
    func detailWithNothingSaved(fault: FaultCase) async throws {
        try await Self.run { web in
            let favourites = try await Self.addFavourites(web)
            // A repository older than any list shown here, so that only GitHub can answer for it.
            #expect(try await web.page(Self.list).status == .ok)
            let old = web.fake.dataset.anchor.addingTimeInterval(-90 * 86_400)
            let name = try #require(web.fake.dataset.repositories.dropFirst(2).last { $0.createdAt < old }?.fullName)
            await fault.inject(into: web.fake, path: "/repos/")
            let (status, html, _) = try await web.page("/repos/\(name)?since=month")
            #expect(status == (fault == .notFound ? .notFound : .serviceUnavailable), "\(fault)")
            #expect(Self.count("class=\"error-state", in: html) == 1, "\(fault)")
            let phrase = try #require(fault.phrase)
            #expect(Self.message(in: html).contains(phrase), "\(fault): \(Self.message(in: html))")
            try await Self.expectStillServing(web, after: fault, favourites: favourites)
            #expect(try await web.page("/repos/\(name)?since=month").status == .ok)
        }
    }

    @Test(arguments: FaultCase.allCases)
    func liveUpdatesRideOutTheFault(fault: FaultCase) async throws {
        try await Self.run(liveInterval: 0.3) { web in
            let query = TrendingQuery(timeframe: .month)
            let rows = try await web.services.reading.lists.trendingPage(query, page: 1).items
            let stream = try await web.services.live.subscribe([.trending(query, page: 1)], owner: "test")
            let events = EventLog()
            let reader = Task {
                for await message in stream {
                    if case .stars(let event) = message { await events.append(event) }
                }
            }
            defer { reader.cancel() }
            try await Task.sleep(for: .milliseconds(600))
            await fault.inject(into: web.fake, path: "/search")
            try await Task.sleep(for: .seconds(fault == .slowPastTimeout ? 4 : 1.5))
            // Nothing false was pushed while GitHub failed: every count is GitHub's real one.
            let truth = Dictionary(uniqueKeysWithValues: await web.fake.repositories().map { ($0.fullName, $0.stars) })
            for event in await events.all {
                #expect(truth[event.repo] == event.stars, "\(fault): \(event)")
            }
            #expect(await web.services.live.status.watching == 1)
            #expect(try await web.page("/favorites").status == .ok)
            if fault == .primaryRateLimit || fault == .secondaryRateLimit {
                // On a busy machine the first refused check may come late: wait until the
                // scheduler has taken GitHub's word and put the next check off.
                let paused = try await eventually { (await web.services.live.status.nextCheckIn ?? 0) > 5 }
                #expect(paused, "\(fault): live checks never paused for the rate limit")
            }
            await fault.clear(from: web.fake)
            await web.fake.clearRequests()
            let target = try #require(rows.dropFirst(2).first)
            await web.fake.setStars(target.fullName, to: target.stargazersCount + 500)
            switch fault {
            case .primaryRateLimit, .secondaryRateLimit:
                // GitHub said when to come back; live checks wait for it rather than retry.
                try await Task.sleep(for: .seconds(1.5))
                #expect(await web.fake.requests().filter { $0.path.hasPrefix("/search") }.isEmpty, "\(fault)")
            default:
                let seen = try await Self.waitFor(events, repo: target.fullName, stars: target.stargazersCount + 500)
                #expect(seen, "\(fault): the change after the fault never arrived")
            }
        }
    }

    // MARK: Helpers

    actor EventLog {
        var all: [LiveEvent] = []
        func append(_ event: LiveEvent) { all.append(event) }
    }

    static func waitFor(_ events: EventLog, repo: String, stars: Int) async throws -> Bool {
        try await eventually { await events.all.contains(LiveEvent(repo: repo, stars: stars)) }
    }

    /// The harness with the matrix's token and every answer due for revalidation at once.
    static func run(liveInterval: Double = 60, _ body: @Sendable @escaping (WebHarness) async throws -> Void) async throws {
        try await WebHarness.run(
            FaultCase.configuration(WebHarness.smallWorld()), searchFreshness: 0, liveInterval: liveInterval, token: FaultCase.token, body)
    }

    /// Two favourites, kept before anything fails.
    static func addFavourites(_ web: WebHarness) async throws -> [String] {
        let names = web.fake.dataset.repositories.prefix(2).map(\.fullName)
        for name in names { try await web.services.favorites.add(RepositoryName(parsing: name)) }
        return names
    }

    /// After the fault: pages that need no GitHub still answer; once GitHub is right again the
    /// list is back; every favourite is still there.
    static func expectStillServing(_ web: WebHarness, after fault: FaultCase, favourites: [String]) async throws {
        #expect(try await web.page("/healthz").status == .ok)
        let stored = try await web.services.favorites.list(refresh: false).map(\.repository.fullName)
        #expect(Set(stored) == Set(favourites), "\(fault)")
        await fault.clear(from: web.fake)
        let (status, html, _) = try await web.page(list)
        #expect(status == .ok, "\(fault)")
        #expect(rows(html) == TrendingList.rowsPerPage, "\(fault)")
        let (favouritesStatus, favouritesPage, _) = try await web.page("/favorites")
        #expect(favouritesStatus == .ok)
        for name in favourites { #expect(favouritesPage.contains("data-repo=\"\(name)\""), "\(fault)") }
    }

    static func rows(_ html: String) -> Int { count("class=\"repo-row", in: html) }

    static func names(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"repo-row\" data-repo=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    static func count(_ needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }

    /// The text of the page's error state.
    static func message(in html: String) -> String {
        guard let start = html.range(of: "class=\"error-state") else { return "" }
        return String(html[start.upperBound...].prefix(600))
    }

    static func banner(in html: String) -> String? {
        guard let start = html.range(of: "<div class=\"banner\" role=\"status\">") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "<" })
    }
}
