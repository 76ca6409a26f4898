import FakeGitHub
import Foundation
import StarscopeCore
import StarscopeModels
import Testing

@testable import StarscopeWeb

/// Rising's "breaking out" view: an older repository whose week jumped, not a big steady one.
@Suite struct BreakingOutPageTests {
    @Test func anOlderRepositoryWhoseWeekJumpedBreaksOutAndABigSteadyOneDoesNot() async throws {
        var configuration = WebHarness.smallWorld()
        configuration.maxAge = 0
        try await WebHarness.run(configuration) { web in
            let old = web.fake.dataset.repositories.filter {
                !FakeGitHub.hasNoStarHistory($0.id) && !$0.fork && $0.createdAt < Date().addingTimeInterval(-200 * 86_400) && $0.stars < 500
            }
            #expect(old.count >= 3)
            let (jumped, steady, later) = (old[0], old[1], old[2])
            await web.fake.setStars(jumped.fullName, to: jumped.stars + 400)
            await web.fake.setStarsOverItsHistory(steady.fullName, to: 200_000)
            for repository in [jumped, steady] {
                #expect(try await web.page("/repos/\(repository.fullName)").status == .ok)
            }
            let (status, page, _) = try await web.page("/rising?view=breaking-out")
            #expect(status == .ok)
            #expect(page.contains("data-repo=\"\(jumped.fullName)\""))
            #expect(!page.contains("data-repo=\"\(steady.fullName)\""))
            #expect(page.contains("at least 50 stars in the last 7 days"))
            #expect(page.contains("<h2 class=\"group-title\">Under 1,000 stars</h2>"))
            #expect(page.contains("aria-current=\"true\" data-view=\"breaking-out\">Breaking out</a>"))

            // Seen in a list but never opened: the background round asks for its newest weeks.
            await web.fake.setStars(later.fullName, to: later.stars + 300)
            _ = try await web.services.reading.details.repository(RepositoryName(parsing: later.fullName))
            await web.fake.clearRequests()
            #expect(await web.services.rounds.breakingOutRound() == 1)
            #expect(await web.fake.requests().filter { $0.path.hasSuffix("/stargazers/history") }.count == 1)
            #expect(try await web.page("/rising?view=breaking-out").html.contains("data-repo=\"\(later.fullName)\""))
            // Once a day each: the next round does not ask for it again.
            await web.fake.clearRequests()
            _ = await web.services.rounds.breakingOutRound()
            #expect(await web.fake.requests().filter { $0.path == "/repos/\(later.fullName)/stargazers/history" }.isEmpty)
            #expect(try await web.page("/rising?view=sideways").status == .badRequest)
        }
    }
}
