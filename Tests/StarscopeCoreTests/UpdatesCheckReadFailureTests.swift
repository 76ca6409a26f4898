import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeCore
import StarscopeModels
import StarscopeSQLite
import StarscopeStore
import StarscopeTestSupport
import Testing

/// A check that cannot read what was known of a favourite fails for that favourite and records
/// nothing: were the failed read taken for "never seen", the new state would be recorded as the
/// first, with no news, and what happened meanwhile (a milestone) would be lost.
@Suite struct UpdatesCheckReadFailureTests {
    @Test func aFailedReadOfWhatWasKnownLosesNoNews() async throws {
        var configuration = smallFake()
        configuration.maxAge = 0
        try await withFakeClient(configuration, token: FakeGitHub.octocatToken) { client, fake in
            let database = try AppDatabase.inMemory()
            let repository = try #require(fake.dataset.repositories.first { $0.stars < 900 && !$0.fork })
            let reading = ReadContext(client: client, database: database, viewer: .owner)
            _ = try await Favorites(reading: reading, database: database, viewer: .owner).add(RepositoryName(parsing: repository.fullName))
            let first = await UpdatesCheck(reading: reading, database: database).run()
            #expect(first.checked == 1 && first.problems == 0)
            #expect(await fake.setStars(repository.fullName, to: 1_000))

            let broken = await UpdatesCheck(reading: reading, database: UnreadableWatches(base: database)).run()
            #expect(broken.problems == 1 && broken.failure == nil)
            #expect(try await database.updates(for: .owner, unseenOnly: false).isEmpty)
            #expect(try await database.watch(repositoryID: repository.id, for: .owner)?.stars == repository.stars)

            // Once the store answers again, the milestone passed meanwhile is news, once.
            let again = await UpdatesCheck(reading: reading, database: database).run()
            #expect(again.problems == 0)
            let news = try await database.updates(for: .owner, unseenOnly: false)
            #expect(news.contains { $0.kind == .milestone && $0.summary.hasSuffix("passed 1k stars.") }, "\(news.map(\.summary))")
            #expect(Set(news.map(\.key)).count == news.count)
            #expect(try await database.watchProblems(for: .owner).isEmpty)
        }
    }
}

/// The store, except that what was last seen of a favourite cannot be read (the database away
/// for that one statement); everything else is the real store's.
struct UnreadableWatches: UpdatesCheckStore {
    let base: AppDatabase

    func watch(repositoryID: Int64, for viewer: Viewer) async throws(StoreError) -> RepositoryWatch? {
        throw .unreachable
    }

    func watchedRepositories(for viewer: Viewer?) async throws(StoreError) -> [(id: Int64, fullName: String)] {
        try await base.watchedRepositories(for: viewer)
    }

    func watchProblems(for viewer: Viewer?) async throws(StoreError) -> [WatchProblem] {
        try await base.watchProblems(for: viewer)
    }

    func snapshot(fullName: String, for viewer: Viewer) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)? {
        try await base.snapshot(fullName: fullName, for: viewer)
    }

    func starHistory(repositoryID: Int64) async throws(StoreError) -> [StarSample] {
        try await base.starHistory(repositoryID: repositoryID)
    }

    func recentStarWeeks(of repository: Repository) async throws(StoreError) -> (weeks: [StarHistoryWeek], fetchedAt: Date)? {
        try await base.recentStarWeeks(of: repository)
    }

    func record(_ watch: RepositoryWatch, updates: [Update], of repository: Repository, checkedFor viewer: Viewer)
        async throws(StoreError)
    {
        try await base.record(watch, updates: updates, of: repository, checkedFor: viewer)
    }

    func record(_ problem: WatchProblem, updates: [Update]) async throws(StoreError) {
        try await base.record(problem, updates: updates)
    }
}
