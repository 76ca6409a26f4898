import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// Nothing a person made is lost by Undo, sync or import: on SQLite and on PostgreSQL alike.
@Suite struct UndoRemovalTests {
    static let day = Date(timeIntervalSince1970: 1_750_000_000)

    /// A favourite with a note, two tags, a star mark and an old added date, among newer ones.
    func madeByHand(_ store: any Store, account: String) async throws {
        try await store.addFavorite(makeRepository(1, "a/one"), for: Viewer(stored: account), at: Self.day)
        try await store.addFavorite(makeRepository(2, "b/two"), for: Viewer(stored: account), at: Self.day + 60)
        try await store.addFavorite(makeRepository(3, "c/three"), for: Viewer(stored: account), at: Self.day + 120)
        #expect(try await store.setNote("read the parser", fullName: "a/one", for: Viewer(stored: account)))
        #expect(try await store.changeTags(["Swift", "tools"], remove: false, fullName: "a/one", for: Viewer(stored: account)))
        try await store.setStarredOnGitHub(true, repositoryID: 1, for: Viewer(stored: account))
    }

    func expectIntact(_ store: any Store, account: String) async throws {
        let one = try #require(try await store.favorite(fullName: "a/one", for: Viewer(stored: account)))
        #expect(one.note == "read the parser")
        #expect(one.tags == ["Swift", "tools"])
        #expect(one.addedAt == Self.day)
        #expect(one.starredOnGitHub == true)
        // In its place: the oldest, last.
        #expect(
            try await store.favorites(for: Viewer(stored: account), tag: nil).map(\.repository.fullName) == ["c/three", "b/two", "a/one"])
        #expect(try await store.favoriteTags(for: Viewer(stored: account)).map(\.count) == [1, 1])
    }

    @Test(arguments: StoreKind.allCases) func undoBringsBackNoteTagsAndAddedDateExactly(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await madeByHand(store, account: "mona")
        #expect(try await store.removeFavorite(fullName: "A/ONE", for: Viewer(stored: "mona"), at: Self.day + 600))
        #expect(try await store.favorite(fullName: "a/one", for: Viewer(stored: "mona")) == nil)
        #expect(try await store.favoriteTags(for: Viewer(stored: "mona")).isEmpty)
        // Another account cannot bring it back, nor can a removal older than asked for.
        #expect(try await store.restoreFavorite(fullName: "a/one", for: Viewer(stored: "hubot"), removedSince: Self.day) == false)
        #expect(try await store.restoreFavorite(fullName: "a/one", for: Viewer(stored: "mona"), removedSince: Self.day + 601) == false)
        #expect(try await store.restoreFavorite(fullName: "a/one", for: Viewer(stored: "MONA"), removedSince: Self.day + 600))
        try await expectIntact(store, account: "mona")
        // Once back, there is nothing more to restore.
        #expect(try await store.restoreFavorite(fullName: "a/one", for: Viewer(stored: "mona"), removedSince: Self.day) == false)
    }

    @Test(arguments: StoreKind.allCases) func aFavouriteAddedAgainIsNotReplacedByUndo(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await madeByHand(store, account: "")
        try await store.removeFavorite(fullName: "a/one", for: .owner, at: Self.day + 600)
        try await store.addFavorite(makeRepository(1, "a/one"), for: .owner, at: Self.day + 700)
        #expect(try await store.restoreFavorite(fullName: "a/one", for: .owner, removedSince: Self.day) == false)
        #expect(try await store.favorite(fullName: "a/one", for: .owner)?.addedAt == Self.day + 700)
    }

    @Test(arguments: StoreKind.allCases) func removalsOlderThanTheUndoWindowAreDeleted(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await madeByHand(store, account: "")
        try await store.removeFavorite(fullName: "a/one", for: .owner, at: Self.day + 600)
        // A later removal clears what is past the window, whoever asks to restore it.
        try await store.removeFavorite(fullName: "b/two", for: .owner, at: Self.day + 600 + Favorite.undoWindow + 1)
        #expect(try await store.restoreFavorite(fullName: "a/one", for: .owner, removedSince: Self.day) == false)
        #expect(try await store.restoreFavorite(fullName: "b/two", for: .owner, removedSince: Self.day))
    }

    @Test(arguments: StoreKind.allCases) func forgettingAnAccountDeletesItsRemovedFavouritesToo(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await madeByHand(store, account: "mona")
        try await store.removeFavorite(fullName: "a/one", for: Viewer(stored: "mona"), at: Self.day + 600)
        #expect(try await store.forgetAccount(AccountKey("mona")))
        #expect(try await store.restoreFavorite(fullName: "a/one", for: Viewer(stored: "mona"), removedSince: Self.day) == false)
    }

    @Test(arguments: StoreKind.allCases) func syncImportAndRefreshKeepNotesTagsAndDates(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await madeByHand(store, account: "mona")
        // Sync from GitHub's stars: already a favourite, so only the star mark may change.
        let (added, existing) = try await store.addFavorites(
            [makeRepository(1, "a/one", stars: 500), makeRepository(4, "d/four")], for: Viewer(stored: "mona"), starredOnGitHub: true,
            at: Self.day + 900)
        #expect(added == ["d/four"])
        #expect(existing == ["a/one"])
        // An import naming it with another note, tags and date does not overwrite what is there.
        let file = FavoritesArchive.export(
            [
                Favorite(
                    repository: makeRepository(1, "A/One"), addedAt: Self.day + 5000, updatedAt: Self.day, note: "other", tags: ["x"])
            ], at: Self.day)
        let report = try await store.importFavorites(file, for: Viewer(stored: "mona"), at: Self.day + 1000)
        #expect(report.alreadyFavorites == ["A/One"])
        // GitHub's fresh snapshot (a refresh, a list) changes the snapshot alone.
        try await store.observe([makeRepository(1, "a/one", stars: 700)], for: Viewer(stored: "mona"), at: Self.day + 1100)
        let one = try #require(try await store.favorite(fullName: "a/one", for: Viewer(stored: "mona")))
        #expect(one.repository.stargazersCount == 700)
        #expect(one.note == "read the parser")
        #expect(one.tags == ["Swift", "tools"])
        #expect(one.addedAt == Self.day)
        #expect(one.starredOnGitHub == true)
    }
}
