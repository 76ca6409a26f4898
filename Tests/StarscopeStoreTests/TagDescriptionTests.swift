import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// What a tag is for: kept per account, any case, outliving the last favourite carrying the tag.
@Suite struct TagDescriptionTests {
    static let day = Date(timeIntervalSince1970: 1_750_000_000)

    @Test(arguments: StoreKind.allCases) func descriptionsAreKeptListedAndTakenAway(kind: StoreKind) async throws {
        let store = try await kind.make()
        let mona = Viewer(stored: "mona")
        try await store.addFavorite(makeRepository(1, "a/one"), for: mona, at: Self.day)
        try await store.addFavorite(makeRepository(2, "b/two"), for: mona, at: Self.day)
        #expect(try await store.changeTags(["Swift"], remove: false, fullName: "a/one", for: mona))
        #expect(try await store.changeTags(["Swift", "later"], remove: false, fullName: "b/two", for: mona))
        try await store.describeTag("SWIFT", as: "Server-side Swift <worth a look>", for: mona)
        // A tag no favourite carries can be described: it is listed with no favourites.
        try await store.describeTag("to read", as: "Papers", for: mona)
        #expect(
            try await store.favoriteTags(for: mona) == [
                TagSummary(tag: "later", count: 1),
                TagSummary(tag: "Swift", description: "Server-side Swift <worth a look>", count: 2),
                TagSummary(tag: "to read", description: "Papers", count: 0),
            ])
        // The tag keeps the spelling its favourites give it. Saying it again replaces it; "" takes it away, and an unused tag goes with it.
        try await store.describeTag("swift", as: "Swift on servers", for: mona)
        try await store.describeTag("To Read", as: "", for: mona)
        #expect(try await store.favoriteTags(for: mona).map(\.description) == ["", "Swift on servers"])
        // Taking the tag off every favourite keeps what it was for.
        #expect(try await store.changeTags(["swift"], remove: true, fullName: "a/one", for: mona))
        #expect(try await store.changeTags(["swift"], remove: true, fullName: "b/two", for: mona))
        #expect(try await store.favoriteTags(for: mona).last == TagSummary(tag: "Swift", description: "Swift on servers", count: 0))
    }

    @Test(arguments: StoreKind.allCases) func descriptionsStayWithTheirAccount(kind: StoreKind) async throws {
        let store = try await kind.make()
        _ = try await store.signIn(userID: 1, login: "alice", sealedToken: Data([1]), at: Self.day)
        try await store.describeTag("mine", as: "Alice's", for: Viewer(stored: "#1"))
        try await store.describeTag("mine", as: "The owner's", for: .owner)
        #expect(try await store.favoriteTags(for: Viewer(stored: "#2")).isEmpty)
        #expect(try await store.favoriteTags(for: .guest).isEmpty)
        #expect(try await store.favoriteTags(for: .owner).map(\.description) == ["The owner's"])
        await #expect(throws: StoreError.self) { try await store.describeTag("mine", as: "x", for: .guest) }
        #expect(try await store.forgetAccount(AccountKey("#1")))
        #expect(try await store.favoriteTags(for: Viewer(stored: "#1")).isEmpty)
        #expect(try await store.favoriteTags(for: .owner).map(\.description) == ["The owner's"])
    }

    @Test(arguments: StoreKind.allCases) func aTagMarkedPublicStaysMarkedWithoutADescription(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.setTagPublic("Shared", true, for: .owner)
        #expect(try await store.favoriteTags(for: .owner) == [TagSummary(tag: "Shared", count: 0, isPublic: true)])
        try await store.describeTag("shared", as: "For the team", for: .owner)
        try await store.describeTag("shared", as: "", for: .owner)
        #expect(try await store.favoriteTags(for: .owner).map(\.isPublic) == [true])
        try await store.setTagPublic("SHARED", false, for: .owner)
        #expect(try await store.favoriteTags(for: .owner).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func listBasesAreReplacedWholeAndStayWithTheirAccount(kind: StoreKind) async throws {
        let store = try await kind.make()
        let bases = [
            ListSyncBase(listID: "UL_1", tag: "Tools", description: "CLI <things>", members: ["a/one", "B/Two"]),
            ListSyncBase(listID: nil, tag: "gone", description: "", members: []),
        ]
        try await store.replaceListSyncBases(bases, for: Viewer(stored: "mona"))
        #expect(try await store.listSyncBases(for: Viewer(stored: "mona")) == bases.sorted { $0.tag.lowercased() < $1.tag.lowercased() })
        #expect(try await store.listSyncBases(for: .owner).isEmpty)
        #expect(try await store.listSyncBases(for: .guest).isEmpty)
        try await store.replaceListSyncBases([bases[0]], for: Viewer(stored: "MONA"))
        #expect(try await store.listSyncBases(for: Viewer(stored: "mona")) == [bases[0]])
    }
}
