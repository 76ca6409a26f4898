import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// What the stores keep apart, on SQLite and on PostgreSQL: only public repositories are shared,
/// and a favourite imported from a file is its importer's alone until GitHub answers.
@Suite struct PrivacyContractTests {
    static let day = Date(timeIntervalSince1970: 1_750_000_000)

    static func secret(_ id: Int64, _ fullName: String, stars: Int = 10) -> Repository {
        var repository = makeRepository(id, fullName, stars: stars)
        repository.isPrivate = true
        repository.visibility = "private"
        return repository
    }

    @Test(arguments: StoreKind.allCases) func aPrivateRepositoryIsNeverShared(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addFavorite(Self.secret(7, "mona/secret"), for: Viewer(stored: "mona"), at: Self.day)
        // Someone else guessed its id and name and imported a favourite of it.
        _ = try await store.addImported(
            [ImportedFavorite(repository: makeRepository(7, "mona/secret", stars: 1), addedAt: nil, note: "", tags: [])],
            for: Viewer(stored: "eve"),
            at: Self.day)
        var corporate = makeRepository(8, "corp/internal", stars: 5)
        corporate.visibility = "internal"
        try await store.observe([Self.secret(7, "mona/secret", stars: 42), corporate], for: Viewer(stored: "mona"), at: Self.day + 60)
        #expect(try await store.starHistory(repositoryID: 7).isEmpty)
        #expect(try await store.starHistory(repositoryID: 8).isEmpty)
        #expect(try await store.starGains(since: .distantPast).isEmpty)
        #expect(try await store.snapshot(fullName: "mona/secret", for: Viewer(stored: "eve"))?.repository.stargazersCount == 1)
        #expect(try await store.snapshot(fullName: "corp/internal", for: Viewer(stored: "eve")) == nil)
        #expect(try await store.snapshot(fullName: "mona/secret", for: Viewer(stored: "someone")) == nil)
        // The owner's favourite follows GitHub; the guesser's copy gets nothing of it.
        #expect(try await store.favorite(fullName: "mona/secret", for: Viewer(stored: "mona"))?.repository.stargazersCount == 42)
        #expect(try await store.favorite(fullName: "mona/secret", for: Viewer(stored: "eve"))?.repository.stargazersCount == 1)
        // Updates of a private repository go to the account that checked it, no one else.
        let watch = RepositoryWatch(
            repositoryID: 7, fullName: "mona/secret", stars: 42, archived: false, latestRelease: "v1", checkedAt: Self.day)
        let update = Update(
            key: "release 7 v1", kind: .release, repositoryID: 7, fullName: "mona/secret", occurredAt: Self.day,
            summary: "released v1", htmlURL: "https://github.com/mona/secret/releases/tag/v1")
        try await store.record(watch, updates: [update], of: Self.secret(7, "mona/secret", stars: 42), checkedFor: Viewer(stored: "mona"))
        #expect(try await store.updates(for: Viewer(stored: "mona"), unseenOnly: false, since: nil).count == 1)
        #expect(try await store.updates(for: Viewer(stored: "eve"), unseenOnly: false, since: nil).isEmpty)
        #expect(try await store.watchedRepositories(for: Viewer(stored: "mona")).map(\.id) == [7])
        #expect(Set(try await store.viewersWithFavorites().compactMap { $0.accountKey?.rawValue.lowercased() }) == ["eve", "mona"])
    }

    @Test(arguments: StoreKind.allCases) func anotherAccountsFavouriteNeverStandsIn(kind: StoreKind) async throws {
        let store = try await kind.make()
        var doctored = makeRepository(9_999, "octo/kit", stars: 987_654)
        doctored.description = "DOCTORED"
        _ = try await store.addImported(
            [ImportedFavorite(repository: doctored, addedAt: Self.day, note: "mine", tags: ["x"])], for: Viewer(stored: "eve"), at: Self.day
        )
        // Nothing GitHub said yet: only the importer sees a copy, and it is no history.
        #expect(try await store.snapshot(fullName: "octo/kit", for: Viewer(stored: "mona")) == nil)
        #expect(try await store.snapshot(fullName: "octo/kit", for: Viewer(stored: "eve"))?.repository.description == "DOCTORED")
        #expect(try await store.starHistory(repositoryID: 9_999).isEmpty)
        #expect(try await store.starGains(since: .distantPast).isEmpty)
        // GitHub answers (for anyone, as it is public): the import becomes GitHub's repository,
        // keeping its note, tags and date.
        try await store.observe([makeRepository(12, "octo/kit", stars: 30)], for: Viewer(stored: "mona"), at: Self.day + 60)
        let replaced = try #require(try await store.favorite(fullName: "octo/kit", for: Viewer(stored: "eve")))
        #expect(replaced.repository.id == 12 && replaced.repository.stargazersCount == 30)
        #expect(replaced.repository.description != "DOCTORED")
        #expect(replaced.note == "mine" && replaced.tags == ["x"] && replaced.addedAt == Self.day)
        #expect(try await store.favoriteIDs(for: Viewer(stored: "eve")) == [12])
        #expect(try await store.snapshot(fullName: "octo/kit", for: Viewer(stored: "mona"))?.repository.stargazersCount == 30)
    }

    @Test(arguments: StoreKind.allCases) func gitHubStarHistoryIsKeptAndMerged(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.gitHubStarWeeks(of: makeRepository(5, "o/r5")) == nil)
        let old = [
            StarHistoryWeek(week: 1_700_438_400 + 604_800, total: 3, days: [1, 0, 0, 0, 0, 2, 0]),
            StarHistoryWeek(week: 1_700_438_400, total: 7, days: [7, 0, 0, 0, 0, 0, 0]),
        ]
        try await store.saveGitHubStarWeeks(
            GitHubStarWeeks(repositoryID: 5, weeks: old, fetchedAt: Self.day), of: makeRepository(5, "o/r5"))
        let kept = try #require(try await store.gitHubStarWeeks(of: makeRepository(5, "o/r5")))
        #expect(kept.weeks == old && kept.fetchedAt == Self.day && !kept.unavailable)
        // Page 1 again: the newest week is replaced and a new one added; older ones stay.
        let refreshed = [
            StarHistoryWeek(week: 1_700_438_400 + 2 * 604_800, total: 1, days: [0, 1, 0, 0, 0, 0, 0]),
            StarHistoryWeek(week: 1_700_438_400 + 604_800, total: 4, days: [1, 0, 0, 0, 0, 2, 1]),
        ]
        let merged = GitHubStarWeeks.merge(stored: kept.weeks, refreshed: refreshed)
        #expect(merged.map(\.total) == [1, 4, 7])
        try await store.saveGitHubStarWeeks(
            GitHubStarWeeks(repositoryID: 5, weeks: merged, fetchedAt: Self.day + 86_400), of: makeRepository(5, "o/r5"))
        #expect(try await store.gitHubStarWeeks(of: makeRepository(5, "o/r5"))?.weeks.map(\.total) == [1, 4, 7])
        try await store.saveGitHubStarWeeks(
            GitHubStarWeeks(repositoryID: 6, weeks: [], fetchedAt: Self.day, unavailable: true), of: makeRepository(6, "o/r6"))
        #expect(try await store.gitHubStarWeeks(of: makeRepository(6, "o/r6"))?.unavailable == true)
    }

    /// A detail reads Starscope's counts and GitHub's kept weeks together: the same as each read alone.
    @Test(arguments: StoreKind.allCases) func starRecordsAreTheTwoReadsInOne(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.keptStarHistory(of: makeRepository(5, "a/five")) == KeptStarHistory(samples: [], gitHub: nil))
        try await store.observe([makeRepository(5, "a/five", stars: 3)], for: .owner, at: Self.day)
        try await store.observe([makeRepository(5, "a/five", stars: 9)], for: .owner, at: Self.day + 3_600)
        let weeks = [StarHistoryWeek(week: 1_700_438_400, total: 9, days: [2, 0, 0, 3, 0, 0, 4])]
        try await store.saveGitHubStarWeeks(
            GitHubStarWeeks(repositoryID: 5, weeks: weeks, fetchedAt: Self.day, unavailable: false), of: makeRepository(5, "o/r5"))
        let samples = try await store.starHistory(repositoryID: 5)
        let kept = try await store.gitHubStarWeeks(of: makeRepository(5, "o/r5"))
        #expect(samples.map(\.stars) == [3, 9] && kept?.weeks == weeks)
        #expect(try await store.keptStarHistory(of: makeRepository(5, "a/five")) == KeptStarHistory(samples: samples, gitHub: kept))
        // A repository that is not shared: GitHub's weeks are neither read nor kept for it.
        #expect(try await store.keptStarHistory(of: Self.secret(5, "a/five")) == KeptStarHistory(samples: samples, gitHub: nil))
        try await store.saveGitHubStarWeeks(
            GitHubStarWeeks(repositoryID: 77, weeks: weeks, fetchedAt: Self.day), of: Self.secret(77, "m/s"))
        #expect(try await store.gitHubStarWeeks(of: makeRepository(77, "m/s")) == nil)
        try await store.saveRecentStarWeeks(of: Self.secret(77, "m/s"), weeks: weeks, at: Self.day)
        #expect(try await store.recentStarWeeks(of: makeRepository(77, "m/s")) == nil)
    }

    @Test(arguments: StoreKind.allCases) func recentWeeksAreKeptForPublicRepositoriesSeenThisWeek(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.observe([makeRepository(1, "a/one"), makeRepository(2, "b/two")], for: .owner, at: Self.day)
        try await store.observe([Self.secret(3, "c/secret")], for: Viewer(stored: "mona"), at: Self.day)
        // Both public ones are candidates; the private one never is.
        let candidates = try await store.breakingOutCandidates(seenSince: Self.day - 60, staleBefore: Self.day, limit: 10)
        #expect(Set(candidates.map(\.id)) == [1, 2])
        let weeks = [StarHistoryWeek(week: 1_700_438_400, total: 7, days: [1, 1, 1, 1, 1, 1, 1])]
        try await store.saveRecentStarWeeks(of: makeRepository(1, "a/one"), weeks: weeks, at: Self.day + 10)
        #expect(try await store.recentStarWeeks(of: makeRepository(1, "x/r1"))?.weeks == weeks)
        #expect(try await store.recentStarWeeks(of: makeRepository(2, "x/r2")) == nil)
        let kept = try await store.recentStarWeeks(since: Self.day)
        #expect(kept.map(\.repository.fullName) == ["a/one"] && kept.first?.weeks == weeks)
        // Asked today: no longer a candidate until tomorrow.
        let later = try await store.breakingOutCandidates(seenSince: Self.day - 60, staleBefore: Self.day + 5, limit: 10)
        #expect(later.map(\.id) == [2])
        #expect(try await store.breakingOutCandidates(seenSince: Self.day - 60, staleBefore: Self.day + 5, limit: 0).isEmpty)
    }
}
