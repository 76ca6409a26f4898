import Foundation
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// What a form did, kept in the store for the page its redirect leads to: per viewer, for a
/// while, and bounded.
@Suite struct FormOutcomeStoreTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    @Test(arguments: StoreKind.allCases) func anOutcomeIsReadByItsViewerWhileItIsKept(kind: StoreKind) async throws {
        let store = try await kind.make()
        let mona = Viewer(stored: "#1")
        let value = Data("{\"sentence\":\"Tagged 2\"}".utf8)
        try await store.keepFormOutcome(value, id: "lists a-b", for: mona, until: Self.now + 600, now: Self.now)
        #expect(try await store.formOutcome(id: "lists a-b", for: mona, now: Self.now + 599) == value)
        // Read again (a reload), it is still there.
        #expect(try await store.formOutcome(id: "lists a-b", for: mona, now: Self.now + 599) == value)
        // Another viewer, another id, or later: nothing.
        #expect(try await store.formOutcome(id: "lists a-b", for: .owner, now: Self.now) == nil)
        #expect(try await store.formOutcome(id: "lists a-b", for: .guest, now: Self.now) == nil)
        #expect(try await store.formOutcome(id: "sync a-b", for: mona, now: Self.now) == nil)
        #expect(try await store.formOutcome(id: "lists a-b", for: mona, now: Self.now + 600) == nil)
        // Everyone keeps nothing; too large is not kept.
        try await store.keepFormOutcome(value, id: "x", for: .everyone, until: Self.now + 600, now: Self.now)
        #expect(try await store.formOutcome(id: "x", for: .everyone, now: Self.now) == nil)
        let large = Data(count: FormOutcomeLimits.largest + 1)
        try await store.keepFormOutcome(large, id: "large", for: mona, until: Self.now + 600, now: Self.now)
        #expect(try await store.formOutcome(id: "large", for: mona, now: Self.now) == nil)
    }

    @Test(arguments: StoreKind.allCases) func aViewerPostingAgainAndAgainPushesOutOnlyItsOwn(kind: StoreKind) async throws {
        let store = try await kind.make()
        let mona = Viewer(stored: "#1")
        let other = Viewer(stored: "#2")
        try await store.keepFormOutcome(Data("other".utf8), id: "other", for: other, until: Self.now + 600, now: Self.now)
        for index in 0..<(FormOutcomeLimits.perViewer + 5) {
            let at = Self.now + Double(index)
            try await store.keepFormOutcome(Data("\(index)".utf8), id: "id \(index)", for: mona, until: at + 600, now: at)
        }
        let later = Self.now + 30
        #expect(try await store.formOutcome(id: "id 0", for: mona, now: later) == nil)
        #expect(try await store.formOutcome(id: "id 4", for: mona, now: later) == nil)
        #expect(try await store.formOutcome(id: "id 5", for: mona, now: later) == Data("5".utf8))
        #expect(try await store.formOutcome(id: "other", for: other, now: later) == Data("other".utf8))
        // Forgetting an account forgets what its forms did.
        _ = try await store.forgetAccount(AccountKey("#1"))
        #expect(try await store.formOutcome(id: "id 24", for: mona, now: later) == nil)
    }
}
