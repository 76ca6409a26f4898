import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeStore
import Testing

@testable import StarscopeCore
@testable import StarscopeWeb

/// One favourite's failure is recorded against it and the round goes on (issue 24, point 3).
@Suite struct RoundsGoOnTests {
    /// A favourite GitHub no longer has (404) comes first in the round; a release on the other is
    /// still reported in that same round, the dead one becomes a "gone" update, Settings says it
    /// cannot be checked, and the next rounds leave it alone for a day.
    @Test func aDeadFavouriteNeitherStopsTheRoundNorHidesAReleaseOnAnother() async throws {
        try await WebHarness.run(UpdatesPageTests.world(), token: FakeGitHub.octocatToken) { web in
            let sorted = web.fake.dataset.repositories.sorted { $0.id < $1.id }
            let (dead, alive) = (sorted[0], sorted[1])
            for repository in [dead, alive] { try await web.services.favorites.add(RepositoryName(parsing: repository.fullName)) }
            _ = await web.services.rounds.updatesRound()
            await web.fake.inject(.notFound, path: "/repos/\(dead.fullName)")
            await web.fake.publishRelease(alive.fullName, tag: "v24.0.0")

            let round = try #require(await web.services.rounds.updatesRound())
            #expect(round.failure == nil)
            #expect(round.problems == 1)
            #expect(round.checked == 2)
            let (_, updates, _) = try await web.page("/updates")
            #expect(updates.contains("data-update=\"release\" data-repo=\"\(alive.fullName)\""))
            #expect(updates.contains("data-update=\"gone\" data-repo=\"\(dead.fullName)\""))
            #expect(updates.contains("\(dead.fullName) is no longer on GitHub."))
            let (_, settings, _) = try await web.page("/settings")
            #expect(settings.contains("data-uncheckable=\"\(dead.fullName)\""))
            #expect(settings.contains("1 favourite could not be checked"))

            // Checked less often: the next round does not ask for it, and reports nothing twice.
            await web.fake.clearRequests()
            let next = try #require(await web.services.rounds.updatesRound())
            #expect(next.problems == 0)
            #expect(!(await web.fake.requests()).contains { $0.path.hasPrefix("/repos/\(dead.fullName)") })
            let gone = try await web.services.database.updates(for: .owner, unseenOnly: false, since: nil).filter { $0.kind == .gone }
            #expect(gone.count == 1)
        }
    }

    /// A repository blocked for legal reasons (451, GitHub's DMCA answer) is as good as gone for
    /// this for: Viewer(stored: a `gone` update once), and the next round does not ask for it again.
    @Test func aBlockedFavouriteIsGoneAndNotAskedForEveryRound() async throws {
        try await WebHarness.run(UpdatesPageTests.world(), token: FakeGitHub.octocatToken) { web in
            let sorted = web.fake.dataset.repositories.sorted { $0.id < $1.id }
            let (blocked, fine) = (sorted[0], sorted[1])
            for repository in [blocked, fine] { try await web.services.favorites.add(RepositoryName(parsing: repository.fullName)) }
            _ = await web.services.rounds.updatesRound()
            await web.fake.inject(.blocked, path: "/repos/\(blocked.fullName)")
            let round = try #require(await web.services.rounds.updatesRound())
            #expect(round.failure == nil && round.problems == 1 && round.checked == 2)
            let problems = try await web.services.database.watchProblems(for: nil)
            #expect(problems.map(\.fullName) == [blocked.fullName])
            #expect(problems.first?.gone == true)
            let gone = try await web.services.database.updates(for: .owner, unseenOnly: false, since: nil).filter { $0.kind == .gone }
            #expect(gone.map(\.fullName) == [blocked.fullName])
            await web.fake.clearRequests()
            let next = try #require(await web.services.rounds.updatesRound())
            #expect(next.problems == 0)
            #expect(!(await web.fake.requests()).contains { $0.path.hasPrefix("/repos/\(blocked.fullName)") })
        }
    }

    /// A failure that is the favourite's own (here a 422) is recorded
    /// and the round goes on; it is not "gone", and a later success clears it.
    @Test func otherFailuresAreRecordedAgainstTheirRepositoryAndClearedBySuccess() async throws {
        try await WebHarness.run(UpdatesPageTests.world(), token: FakeGitHub.octocatToken) { web in
            let sorted = web.fake.dataset.repositories.sorted { $0.id < $1.id }
            let (broken, fine) = (sorted[0], sorted[1])
            for repository in [broken, fine] { try await web.services.favorites.add(RepositoryName(parsing: repository.fullName)) }
            await web.fake.inject(.pastSearchCap, path: "/repos/\(broken.fullName)")
            let round = try #require(await web.services.rounds.updatesRound())
            #expect(round.problems == 1 && round.failure == nil && round.checked == 2)
            let problems = try await web.services.database.watchProblems(for: nil)
            #expect(problems.map(\.fullName) == [broken.fullName])
            #expect(problems.first?.gone == false)
            #expect(try await web.services.database.watch(repositoryID: fine.id, for: .owner) != nil)
            await web.fake.clearFaults()
            _ = await web.services.rounds.updatesRound()
            #expect(try await web.services.database.watchProblems(for: nil).isEmpty)
        }
    }

    /// A rate limit still ends the round where it stood, so the next one resumes there.
    @Test func aRateLimitStillEndsTheRound() async throws {
        let failure = StarscopeError.rateLimited("GitHub's rate limit is used up.")
        #expect(UpdatesCheck.stopsTheRound(failure))
        #expect(UpdatesCheck.stopsTheRound(.badCredentials("GitHub rejected the token (Bad credentials).")))
        #expect(!UpdatesCheck.stopsTheRound(.notFound("Repository a/b was not found on GitHub.")))
        #expect(!UpdatesCheck.stopsTheRound(.unavailable("GitHub did not answer in time; check your connection and try again.")))
    }
}
