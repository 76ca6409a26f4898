import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeCore
import Testing

@testable import StarscopeWeb

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The Updates page, its unread count, and the background checks against the budget.
@Suite struct UpdatesPageTests {
    static func world() -> FakeGitHub.Configuration {
        var configuration = WebHarness.smallWorld()
        configuration.maxAge = 0
        return configuration
    }

    @Test func withoutFavouritesTheBackgroundAsksGitHubNothing() async throws {
        try await WebHarness.run(Self.world(), token: FakeGitHub.octocatToken) { web in
            await web.fake.clearRequests()
            #expect(await web.services.rounds.updatesRound() == nil)
            #expect(await web.fake.requests().isEmpty)
        }
    }

    @Test func aRoundSpendsAtMostItsShareAndStopsWhenTheLimitIsLow() async throws {
        try await WebHarness.run(Self.world(), token: FakeGitHub.octocatToken) { web in
            let names = web.fake.dataset.repositories.prefix(30).map(\.fullName)
            for name in names { try await web.services.favorites.add(RepositoryName(parsing: name)) }
            await web.fake.setRemaining(600, token: FakeGitHub.octocatToken)
            let status = await web.fake.rateLimit(token: FakeGitHub.octocatToken)
            let budget = try #require(
                UpdatesBudget.requests(
                    remaining: status.remaining, limit: status.limit, reset: status.reset, share: web.services.settings.liveShare / 2,
                    interval: web.services.settings.updatesInterval, now: Date()))
            await web.fake.clearRequests()
            let round = try #require(await web.services.rounds.updatesRound())
            let made = await web.fake.requests().filter { $0.path != "/rate_limit" }
            let spent = made.count
            #expect(spent <= budget, "\(spent) > \(budget): \(made.map(\.path))")
            #expect(round.checked == budget / UpdatesCheck.requestsPerRepository)
            #expect(round.resumeAt == round.checked)
            // The next round goes on where this one stopped.
            await web.fake.clearRequests()
            _ = await web.services.rounds.updatesRound()
            let next = await web.fake.requests().first { $0.path.hasPrefix("/repos/") || $0.path.hasPrefix("/repositories/") }
            #expect(next?.path.contains(names[round.checked].split(separator: "/")[1]) == true)
            // With under a tenth of the limit left, only the free `/rate_limit` is asked.
            await web.fake.setRemaining(status.limit / 20, token: FakeGitHub.octocatToken)
            await web.fake.clearRequests()
            #expect(await web.services.rounds.updatesRound() == nil)
            #expect(await web.fake.requests().map(\.path) == ["/rate_limit"])
        }
    }

    @Test func theUpdatesPageShowsEachUpdateOnceWithAnUnreadCount() async throws {
        try await WebHarness.run(Self.world(), token: FakeGitHub.octocatToken) { web in
            let repository = try #require(web.fake.dataset.repositories.first { $0.stars < 900 })
            try await web.services.favorites.add(RepositoryName(parsing: repository.fullName))
            _ = await web.services.rounds.updatesRound()
            let (_, empty, _) = try await web.page("/updates")
            #expect(empty.contains("Nothing happened to your favourites in the last 30 days."))
            await web.fake.publishRelease(repository.fullName, tag: "v7.0.0")
            await web.fake.setStars(repository.fullName, to: 1_000)
            _ = await web.services.rounds.updatesRound()
            let (_, home, _) = try await web.page("/")
            let count = home.components(separatedBy: "data-unread=\"").dropFirst().first?.prefix { $0.isNumber }
            #expect(count.flatMap { Int($0) } ?? 0 >= 2)
            let (status, page, _) = try await web.page("/updates")
            #expect(status == .ok)
            #expect(page.contains("data-update=\"release\" data-repo=\"\(repository.fullName)\""))
            #expect(page.contains("data-update=\"milestone\""))
            #expect(page.contains("<span class=\"tag new\">new</span>"))
            #expect(page.contains("href=\"/updates\" aria-current=\"page\""))
            // Seen now: a second look has nothing new and no count.
            _ = await web.services.rounds.updatesRound()
            let (_, again, _) = try await web.page("/updates")
            #expect(!again.contains("<span class=\"tag new\">"))
            #expect(again.components(separatedBy: "data-update=\"release\"").count == 2)
            #expect(!again.contains("data-unread="))
        }
    }
}

/// Rising warms up by itself: the background records the top of New & popular.
@Suite struct RisingWarmUpTests {
    @Test func aRoundRecordsTheTopOfEachTimeframeWithThreeSearches() async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken) { web in
            await web.fake.clearRequests()
            #expect(await web.services.rounds.warmUpRound() == 3)
            let searches = await web.fake.requests().filter { $0.path == "/search/repositories" }
            #expect(searches.count == 3)
            #expect(Set(searches.compactMap(\.query).map { $0.contains("per_page=100") }) == [true])
            // Their counts are history now: the top repository of the month has a sample.
            let samples = try await web.services.database.starHistories(repositoryIDs: web.fake.dataset.repositories.map(\.id))
            #expect(samples.count >= 100)
            let (_, settings, _) = try await web.page("/settings")
            #expect(settings.contains("records the star counts of the 100 most-starred new repositories"))
            // With the search limit low, no search at all.
            await web.fake.setRemaining(2, token: FakeGitHub.octocatToken, resource: "search")
            await web.fake.clearRequests()
            #expect(await web.services.rounds.warmUpRound() == nil)
            #expect(await web.fake.requests().allSatisfy { $0.path == "/rate_limit" })
        }
    }
}

/// The Atom feed of updates: each update once, valid XML, conditional, and reading it marks nothing.
@Suite struct UpdatesFeedTests {
    @Test func eachUpdateIsOneEntryAndReadingTheFeedMarksNothing() async throws {
        try await WebHarness.run(UpdatesPageTests.world(), token: FakeGitHub.octocatToken) { web in
            let repository = try #require(web.fake.dataset.repositories.first { $0.stars < 900 && !$0.archived })
            try await web.services.favorites.add(RepositoryName(parsing: repository.fullName))
            _ = await web.services.rounds.updatesRound()
            await web.fake.publishRelease(repository.fullName, tag: "v3.1.4")
            await web.fake.archive(repository.fullName)
            _ = await web.services.rounds.updatesRound()
            _ = await web.services.rounds.updatesRound()
            let response = try await web.get("/feeds/updates.atom")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/atom+xml; charset=utf-8")
            let xml = String(buffer: response.body)
            #expect(xml.components(separatedBy: "<entry>").count - 1 == 2)
            #expect(xml.contains("tag:starscope,2026:update/release:\(repository.id):v3.1.4"))
            #expect(xml.contains("<category term=\"archived\""))
            let parser = XMLParser(data: Data(xml.utf8))
            #expect(XMLParsing.parse(parser))
            let etag = try #require(response.headers[.eTag])
            let again = try await web.get("/feeds/updates.atom", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            // The feed is a read: the Updates page still has both as new.
            let (_, page, _) = try await web.page("/updates")
            #expect(page.components(separatedBy: "<span class=\"tag new\">new</span>").count - 1 == 2)
            #expect(
                page.contains(
                    "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Updates on your favourites\" href=\"/feeds/updates.atom\">"
                ))
        }
    }
}

/// Every kind of update, triggered through the fake, appears once on `/updates` and once in the feed.
@Suite struct EveryUpdateKindTests {
    @Test func eachKindIsShownOnceOnThePageAndInTheFeed() async throws {
        try await WebHarness.run(UpdatesPageTests.world(), token: FakeGitHub.octocatToken) { web in
            let repository = try #require(web.fake.dataset.repositories.first { $0.stars < 900 && !$0.archived })
            try await web.services.favorites.add(RepositoryName(parsing: repository.fullName))
            _ = await web.services.rounds.updatesRound()
            // A slow week Starscope recorded, then a jump past 1k, a release, an archive, a rename.
            let now = Date()
            for (days, stars) in [(8.5, 880), (1.2, 900)] {
                try await web.services.database.observeSample(
                    repositoryID: repository.id, fullName: repository.fullName, stars: stars, at: now - days * 86_400)
            }
            await web.fake.setStars(repository.fullName, to: 1_000)
            await web.fake.publishRelease(repository.fullName, tag: "v5.0.0")
            await web.fake.archive(repository.fullName)
            let renamed = "\(repository.ownerLogin)/\(repository.name)-moved"
            #expect(await web.fake.rename(repository.fullName, to: renamed))
            _ = await web.services.rounds.updatesRound()
            _ = await web.services.rounds.updatesRound()
            let kinds = ["milestone", "gain", "release", "archived", "renamed"]
            let feed = String(buffer: try await web.get("/feeds/updates.atom").body)
            let (_, page, _) = try await web.page("/updates")
            // Each milestone crossed on the way to 1k is its own update; every other kind happened once.
            let milestones = UpdateRules.milestones.filter { repository.stars < $0 && $0 <= 1_000 }.count
            for kind in kinds {
                let expected = kind == "milestone" ? milestones : 1
                #expect(page.components(separatedBy: "data-update=\"\(kind)\"").count - 1 == expected, "\(kind) on /updates")
                #expect(feed.components(separatedBy: "<category term=\"\(kind)\"").count - 1 == expected, "\(kind) in the feed")
            }
        }
    }
}
