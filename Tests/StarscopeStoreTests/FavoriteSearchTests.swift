import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// Searching favourites matches what the person wrote (tags, note) as well as GitHub's text, on
/// whichever store holds them.
@Suite struct FavoriteSearchTests {
    @Test(arguments: StoreKind.allCases) func wordsMatchTagsNotesAndGitHubsText(kind: StoreKind) async throws {
        let store = try await kind.make()
        let day = Date(timeIntervalSince1970: 1_750_000_000)
        try await store.addFavorite(makeRepository(1, "a/one"), for: .owner, at: day)
        try await store.addFavorite(makeRepository(2, "b/two"), for: .owner, at: day + 1)
        try await store.addFavorite(makeRepository(3, "c/three"), for: Viewer(stored: "other"), at: day)
        #expect(try await store.changeTags(["Build Tools"], remove: false, fullName: "a/one", for: .owner))
        #expect(try await store.setNote("Compare with Ninja before switching", fullName: "b/two", for: .owner))
        #expect(try await store.setNote("ninja too", fullName: "c/three", for: Viewer(stored: "other")))
        let favorites = try await store.favorites(for: .owner, tag: nil)
        func found(_ text: String) -> [String] {
            let words = text.lowercased().split(separator: " ")
            return favorites.filter { $0.matches(words) }.map(\.repository.fullName).sorted()
        }
        #expect(found("build") == ["a/one"])
        #expect(found("NINJA") == ["b/two"])
        #expect(found("b/two ninja") == ["b/two"])
        #expect(found("ninja build").isEmpty)
        #expect(found("") == ["a/one", "b/two"])
    }
}
