import Foundation
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// `AccountsKey.prepare` on both stores: the key file against what the store says of it.
@Suite struct AccountsKeyTests {
    static func withDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-key-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    static func refusal(_ store: any Store, _ directory: URL) async -> String? {
        do {
            _ = try await AccountsKey.prepare(store: store, directory: directory, reset: false)
            return nil
        } catch {
            guard case .accountsKey(let sentence) = error else { return "\(error)" }
            return sentence
        }
    }

    @Test(arguments: StoreKind.allCases) func aKeyIsMadeOnceThenHeldToWhatSealedTheTokens(kind: StoreKind) async throws {
        try await Self.withDirectory { directory in
            let store = try await kind.make()
            let vault = try await AccountsKey.prepare(store: store, directory: directory, reset: false)
            #expect(try await store.accountsKeyState().check == vault.check)
            let again = try await AccountsKey.prepare(store: store, directory: directory, reset: false)
            #expect(again.check == vault.check)
            let (secret, session) = WebSession.make(for: Viewer(stored: "#1"), lifetime: 3_600)
            try await store.saveSession(session)
            _ = try await store.signIn(userID: 1, login: "mona", sealedToken: try vault.seal("ghp_x"), at: Date())

            let file = directory.appendingPathComponent("accounts.key")
            let original = try Data(contentsOf: file)
            try FileManager.default.removeItem(at: file)
            #expect(await Self.refusal(store, directory)?.contains("is missing") == true)
            try Data(repeating: 7, count: 32).write(to: file)
            #expect(await Self.refusal(store, directory)?.contains("is not the key") == true)
            try Data(repeating: 7, count: 3).write(to: file)
            #expect(await Self.refusal(store, directory)?.contains("it is not a key Starscope made") == true)
            // Nothing was changed by the refusals: the right key still opens the token.
            try original.write(to: file)
            let back = try await AccountsKey.prepare(store: store, directory: directory, reset: false)
            #expect(back.unseal(try #require(try await store.account(key: AccountKey("#1"))).sealedToken) == "ghp_x")
            #expect(try await store.session(secret: secret) != nil)

            // A reset over a lost key: a new key, no session, no sealed token; the account stays.
            try FileManager.default.removeItem(at: file)
            let fresh = try await AccountsKey.prepare(store: store, directory: directory, reset: true)
            #expect(fresh.check != vault.check)
            #expect(try await store.session(secret: secret) == nil)
            #expect(try await store.account(key: AccountKey("#1"))?.sealedToken.isEmpty == true)
            #expect(try await AccountsKey.prepare(store: store, directory: directory, reset: false).check == fresh.check)
        }
    }
}
