import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// What every store promises, run on SQLite and on PostgreSQL alike.
@Suite struct StoreContractTests {
    static let day = Date(timeIntervalSince1970: 1_750_000_000)

    @Test(arguments: StoreKind.allCases) func favouritesAddListRenameAndRemove(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.addFavorite(makeRepository(1, "a/one"), for: .owner, at: Self.day))
        #expect(try await store.addFavorite(makeRepository(2, "b/two"), for: .owner, at: Self.day + 1))
        #expect(try await store.addFavorite(makeRepository(1, "a/one", stars: 99), for: .owner, at: Self.day + 2) == false)
        let favorites = try await store.favorites(for: .owner, tag: nil)
        #expect(favorites.map(\.repository.fullName) == ["b/two", "a/one"])
        #expect(favorites.last?.repository.stargazersCount == 99)
        #expect(favorites.last?.addedAt == Self.day)
        #expect(try await store.favoriteIDs(for: .owner) == [1, 2])
        // Another account has its own; the name matches in any case.
        #expect(try await store.favoriteIDs(for: Viewer(stored: "someone")).isEmpty)
        #expect(try await store.favorite(fullName: "A/ONE", for: .owner)?.repository.id == 1)
        // A renamed repository keeps its id; a name reused by another id replaces the old entry.
        try await store.addFavorite(makeRepository(1, "a/renamed"), for: .owner, at: Self.day + 3)
        try await store.addFavorite(makeRepository(3, "b/two"), for: .owner, at: Self.day + 4)
        #expect(try await store.favoriteIDs(for: .owner) == [1, 3])
        #expect(try await store.removeFavorite(fullName: "A/RENAMED", for: .owner))
        #expect(try await store.removeFavorite(fullName: "a/renamed", for: .owner) == false)
        #expect(try await store.favorites(for: .owner, tag: nil).map(\.repository.fullName) == ["b/two"])
    }

    @Test(arguments: StoreKind.allCases) func notesTagsAndStarsStayWithTheirAccount(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addFavorite(makeRepository(1, "a/one"), for: Viewer(stored: "Mona"), at: Self.day)
        try await store.addFavorite(makeRepository(2, "b/two"), for: Viewer(stored: "mona"), at: Self.day + 1)
        try await store.addFavorite(makeRepository(1, "a/one"), for: .owner, at: Self.day)
        #expect(try await store.setNote("read later", fullName: "A/One", for: Viewer(stored: "MONA")))
        #expect(try await store.setNote("x", fullName: "no/such", for: Viewer(stored: "mona")) == false)
        #expect(try await store.changeTags(["Swift", "tools"], remove: false, fullName: "a/one", for: Viewer(stored: "mona")))
        #expect(try await store.changeTags(["swift"], remove: false, fullName: "b/two", for: Viewer(stored: "mona")))
        #expect(try await store.changeTags(["SWIFT"], remove: false, fullName: "b/two", for: Viewer(stored: "mona")))
        #expect(try await store.changeTags(["x"], remove: false, fullName: "no/such", for: Viewer(stored: "mona")) == false)
        let tags = try await store.favoriteTags(for: Viewer(stored: "mona"))
        #expect(tags.map(\.tag.localizedLowercase) == ["swift", "tools"])
        #expect(tags.map(\.count) == [2, 1])
        #expect(try await store.favorites(for: Viewer(stored: "mona"), tag: "SWIFT").count == 2)
        #expect(try await store.favorites(for: Viewer(stored: "mona"), tag: "tools").map(\.repository.id) == [1])
        #expect(try await store.favorites(for: .owner, tag: "swift").isEmpty)
        try await store.setStarredOnGitHub(true, repositoryID: 1, for: Viewer(stored: "mona"))
        let one = try #require(try await store.favorite(fullName: "a/one", for: Viewer(stored: "mona")))
        #expect(one.note == "read later")
        #expect(one.tags == ["Swift", "tools"])
        #expect(one.starredOnGitHub == true)
        #expect(try await store.favorite(fullName: "a/one", for: .owner)?.starredOnGitHub == nil)
        #expect(try await store.changeTags(["tools"], remove: true, fullName: "a/one", for: Viewer(stored: "mona")))
        #expect(try await store.favorite(fullName: "a/one", for: Viewer(stored: "mona"))?.tags == ["Swift"])
        // Removing a favourite takes its tags with it.
        try await store.removeFavorite(fullName: "a/one", for: Viewer(stored: "mona"))
        #expect(try await store.favoriteTags(for: Viewer(stored: "mona")).map(\.count) == [1])
    }

    @Test(arguments: StoreKind.allCases) func addingManyIsOneStepAndImportKeepsWhatWasThere(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addFavorite(makeRepository(3, "o/r3", stars: 1234), for: .owner, at: Self.day)
        let (added, existing) = try await store.addFavorites(
            [makeRepository(1, "o/r1"), makeRepository(3, "O/R3")], for: .owner, starredOnGitHub: true, at: Self.day)
        #expect(added == ["o/r1"])
        #expect(existing == ["O/R3"])
        #expect(try await store.favorites(for: .owner, tag: nil).allSatisfy { $0.starredOnGitHub == true })
        let export = FavoritesArchive.export(
            [
                Favorite(repository: makeRepository(5, "o/r5"), addedAt: Self.day - 10, updatedAt: Self.day, note: "n", tags: ["t"]),
                Favorite(repository: makeRepository(1, "o/r1"), addedAt: Self.day, updatedAt: Self.day),
            ], at: Self.day)
        let report = try await store.importFavorites(export, for: .owner, at: Self.day)
        #expect(report.added == ["o/r5"])
        #expect(report.alreadyFavorites == ["o/r1"])
        let imported = try #require(try await store.favorite(fullName: "o/r5", for: .owner))
        #expect(imported.note == "n")
        #expect(imported.tags == ["t"])
        #expect(imported.addedAt == Self.day - 10)
    }

    @Test(arguments: StoreKind.allCases) func historyRecordsChangesOnlyAndGainsCountFromTheWindow(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addFavorite(makeRepository(1, "a/one", stars: 5), for: .owner, at: Self.day)
        try await store.observe([makeRepository(1, "a/one", stars: 10), makeRepository(2, "b/two", stars: 7)], for: .owner, at: Self.day)
        try await store.observe([makeRepository(1, "a/one", stars: 10)], for: .owner, at: Self.day + 3_600)
        try await store.observe([makeRepository(1, "a/one-renamed", stars: 25)], for: .owner, at: Self.day + 7_200)
        let history = try await store.starHistory(repositoryID: 1)
        #expect(history.map(\.stars) == [10, 25])
        #expect(history.map(\.recordedAt) == [Self.day, Self.day + 7_200])
        #expect(try await store.starHistories(repositoryIDs: [1, 2, 9]).mapValues { $0.map(\.stars) } == [1: [10, 25], 2: [7]])
        // The favourite's snapshot follows what GitHub said last, name included.
        #expect(try await store.favorite(fullName: "a/one-renamed", for: .owner)?.repository.stargazersCount == 25)
        #expect(try await store.snapshot(fullName: "A/ONE-RENAMED", for: .owner)?.fetchedAt == Self.day + 7_200)
        #expect(try await store.snapshot(fullName: "nobody/here", for: .owner) == nil)
        try await store.observeSample(repositoryID: 2, fullName: "b/two", stars: 9, at: Self.day + 60)
        try await store.record([StarSample(repositoryID: 2, fullName: "b/two", recordedAt: Self.day - 86_400, stars: 1)])
        #expect(try await store.oldestStarSample() == Self.day - 86_400)
        let gains = try await store.starGains(since: Self.day + 1).sorted { $0.repositoryID < $1.repositoryID }
        #expect(gains.map(\.gained) == [15, 2])
        #expect(gains.map(\.stars) == [25, 9])
        #expect(gains.first?.repository.fullName == "a/one-renamed")
    }

    @Test(arguments: StoreKind.allCases) func updatesReachEveryAccountOnceAndAreSeenOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addFavorite(makeRepository(1, "a/one"), for: .owner, at: Self.day)
        try await store.addFavorite(makeRepository(1, "a/one"), for: Viewer(stored: "mona"), at: Self.day)
        try await store.addFavorite(makeRepository(2, "b/two"), for: Viewer(stored: "mona"), at: Self.day)
        #expect(try await store.watchedRepositories(for: nil).map(\.id) == [1, 2])
        let watch = RepositoryWatch(
            repositoryID: 1, fullName: "a/one", stars: 100, archived: false, latestRelease: "v1", checkedAt: Self.day)
        let release = Update(
            key: "1 release v1", kind: .release, repositoryID: 1, fullName: "a/one", occurredAt: Self.day,
            summary: "a/one released v1", htmlURL: "https://github.com/a/one")
        try await store.record(watch, updates: [release], of: makeRepository(1, "a/one"), checkedFor: .owner)
        try await store.record(watch, updates: [release], of: makeRepository(1, "a/one"), checkedFor: .owner)
        #expect(try await store.watch(repositoryID: 1, for: .owner) == watch)
        #expect(try await store.watch(repositoryID: 2, for: .owner) == nil)
        #expect(try await store.unseenUpdateCount(for: .owner) == 1)
        let mine = try await store.updates(for: Viewer(stored: "MONA"), unseenOnly: true, since: nil)
        #expect(mine.map(\.kind) == [.release])
        #expect(try await store.updates(for: Viewer(stored: "mona"), unseenOnly: false, since: Self.day + 1).isEmpty)
        try await store.markUpdatesSeen(for: Viewer(stored: "mona"), ids: mine.compactMap(\.id))
        #expect(try await store.unseenUpdateCount(for: Viewer(stored: "mona")) == 0)
        #expect(try await store.unseenUpdateCount(for: .owner) == 1)
        #expect(try await store.updates(for: Viewer(stored: "mona"), unseenOnly: false, since: nil).map(\.seen) == [true])
    }

    @Test(arguments: StoreKind.allCases) func problemsAreKeptPerAccountGiveUpdatesOnceAndClearOnSuccess(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addFavorite(makeRepository(1, "a/one"), for: .owner, at: Self.day)
        try await store.addFavorite(makeRepository(1, "a/one"), for: Viewer(stored: "mona"), at: Self.day)
        try await store.addFavorite(makeRepository(2, "b/two"), for: Viewer(stored: "mona"), at: Self.day)
        // Mona's token cannot see a/one any more; that says nothing of what account "" sees.
        let problem = WatchProblem(
            for: Viewer(stored: "mona"), repositoryID: 1, fullName: "a/one", problem: "a/one is no longer on GitHub.", gone: true,
            since: Self.day,
            checkedAt: Self.day)
        let gone = Update(
            key: "gone:1:day", kind: .gone, repositoryID: 1, fullName: "a/one", occurredAt: Self.day,
            summary: "a/one is no longer on GitHub.", htmlURL: "https://github.com/a/one")
        try await store.record(problem, updates: [gone])
        var later = problem
        later.checkedAt = Self.day + 60
        try await store.record(later, updates: [gone])
        let monas = try await store.watchProblems(for: Viewer(stored: "MONA"))
        #expect(monas.map(\.repositoryID) == [1] && monas.first?.checkedAt == Self.day + 60)
        #expect(try await store.watchProblems(for: nil).count == 1)
        #expect(try await store.watchProblems(for: .owner).isEmpty)
        #expect(try await store.watchProblems(for: Viewer(stored: "nobody")).isEmpty)
        #expect(try await store.updates(for: Viewer(stored: "mona"), unseenOnly: true, since: nil).map(\.kind) == [.gone])
        #expect(try await store.unseenUpdateCount(for: .owner) == 0)
        // Seen again by mona's own check (a count far past any real one is kept as it is), the problem is gone.
        let watch = RepositoryWatch(
            repositoryID: 1, fullName: "a/one", stars: Count.maximum, archived: false, latestRelease: nil, checkedAt: Self.day + 120)
        try await store.record(watch, updates: [], of: makeRepository(1, "a/one"), checkedFor: Viewer(stored: "mona"))
        #expect(try await store.watchProblems(for: nil).isEmpty)
        #expect(try await store.watch(repositoryID: 1, for: .owner)?.stars == Count.maximum)
        try await store.observeSample(repositoryID: 2, fullName: "b/two", stars: Count.maximum, at: Self.day)
        #expect(try await store.starHistory(repositoryID: 2).map(\.stars) == [Count.maximum])
    }

    @Test(arguments: StoreKind.allCases) func accountsAndSessions(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.saveAccount(login: "Mona", sealedToken: Data([1, 2]), at: Self.day)
        try await store.saveAccount(login: "mona", sealedToken: Data([3]), at: Self.day + 5)
        let account = try #require(try await store.account(login: "MONA"))
        #expect(account.sealedToken == Data([3]))
        #expect(account.createdAt == Self.day)
        #expect(account.signedInAt == Self.day + 5)
        #expect(account.theme == "system")
        try await store.setTheme("dark", account: AccountKey("mona"))
        #expect(try await store.account(login: "mona")?.theme == "dark")
        #expect(try await store.account(login: "nobody") == nil)

        let (secret, session) = WebSession.make(for: Viewer(stored: "mona"), lifetime: 60, now: Self.day)
        let (oldSecret, old) = WebSession.make(for: Viewer(stored: "mona"), lifetime: 1, now: Self.day - 10)
        try await store.saveSession(session)
        try await store.saveSession(old)
        #expect(try await store.session(secret: secret, now: Self.day + 30)?.account == "mona")
        #expect(try await store.session(secret: secret, now: Self.day + 61) == nil)
        #expect(try await store.session(secret: oldSecret, now: Self.day) == nil)
        try await store.deleteSession(secret: secret, now: Self.day)
        #expect(try await store.session(secret: secret, now: Self.day + 1) == nil)
    }

    @Test(arguments: StoreKind.allCases) func trimmingSessionsKeepsAnAccountsNewestAndNoOneElses(kind: StoreKind) async throws {
        let store = try await kind.make()
        let guests = (0..<5).map { WebSession.make(for: .guest, lifetime: 600, now: Self.day + Double($0)) }
        let mona = WebSession.make(for: Viewer(stored: "mona"), lifetime: 600, now: Self.day - 100)
        for (_, session) in guests + [mona] { try await store.saveSession(session) }
        try await store.trimSessions(for: .guest, keeping: 2, now: Self.day + 10)
        var kept: [Int] = []
        for (index, guest) in guests.enumerated() {
            if try await store.session(secret: guest.secret, now: Self.day + 10) != nil { kept.append(index) }
        }
        // The two newest guests stay; the oldest three are gone; another account's older session stays.
        #expect(kept == [3, 4])
        #expect(try await store.session(secret: mona.secret, now: Self.day + 10)?.account == "mona")
    }

    @Test(arguments: StoreKind.allCases) func answersAreKeptRevalidatedAndEvictedOldestFirst(kind: StoreKind) async throws {
        let store = try await kind.make()
        func entry(_ key: String, bytes: Int, at date: Date) -> CachedResponse {
            let response = GitHubResponseFixture.make(body: Data(repeating: 65, count: bytes), etag: "\"\(key)\"")
            return CachedResponse(key: key, response: response, maxAge: 60, now: date)
        }
        try await store.save(entry("a", bytes: 400, at: Self.day), maximumBytes: 10_000)
        try await store.save(entry("b", bytes: 400, at: Self.day + 1), maximumBytes: 10_000)
        let a = try #require(try await store.cachedResponse(key: "a"))
        #expect(a.body.count == 400)
        #expect(a.etag == "\"a\"")
        #expect(a.fetchedAt == Self.day)
        // "a" used last: "b" goes first when the limit is passed.
        try await store.markUsed(key: "a", now: Self.day + 10)
        try await store.touch(key: "a", now: Self.day + 20, revalidatedWith: ["x-ratelimit-remaining": "7", "etag": "\"a2\""], maxAge: 90)
        let revalidated = try #require(try await store.cachedResponse(key: "a"))
        #expect(revalidated.fetchedAt == Self.day + 20)
        #expect(revalidated.maxAge == 90)
        #expect(revalidated.response.headers["x-ratelimit-remaining"] == "7")
        let limit = a.size * 2 + 10
        try await store.save(entry("c", bytes: 400, at: Self.day + 30), maximumBytes: limit)
        #expect(try await store.cachedResponse(key: "b") == nil)
        #expect(try await store.cachedResponse(key: "a") != nil)
        #expect(try await store.cachedResponse(key: "c") != nil)
        #expect(try await store.cacheSize() <= limit)
    }

    @Test(arguments: StoreKind.allCases) func aLeaseHasOneHolderUntilItExpiresOrIsGivenBack(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.claimLease("refresh x", holder: "one", until: Self.day + 10, now: Self.day))
        #expect(try await store.claimLease("refresh x", holder: "two", until: Self.day + 10, now: Self.day + 1) == false)
        #expect(try await store.claimLease("refresh y", holder: "two", until: Self.day + 10, now: Self.day + 1))
        // The holder renews its own; another takes it once it expired (its holder died).
        #expect(try await store.claimLease("refresh x", holder: "one", until: Self.day + 20, now: Self.day + 5))
        #expect(try await store.claimLease("refresh x", holder: "two", until: Self.day + 30, now: Self.day + 15) == false)
        #expect(try await store.claimLease("refresh x", holder: "two", until: Self.day + 30, now: Self.day + 20))
        // Only the holder gives it back.
        try await store.releaseLease("refresh x", holder: "one")
        #expect(try await store.claimLease("refresh x", holder: "three", until: Self.day + 40, now: Self.day + 21) == false)
        try await store.releaseLease("refresh x", holder: "two")
        #expect(try await store.claimLease("refresh x", holder: "three", until: Self.day + 40, now: Self.day + 21))
    }

    @Test(arguments: StoreKind.allCases) func aStoreThatAnswersPings(kind: StoreKind) async throws {
        try await kind.make().ping()
    }

    @Test func onlyPostgreSQLIsShared() async throws {
        #expect(try await StoreKind.postgres.make().isShared)
        #expect(try await StoreKind.sqlite.make().isShared == false)
    }
}
