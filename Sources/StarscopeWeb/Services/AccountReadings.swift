import Foundation
import StarscopeCore
import StarscopeStore
import Synchronization

/// With accounts: each signed-in account's reading context and live counts, over that account's
/// own token (sealed at rest by `vault`) and spending its own budget.
final class AccountReadings: Sendable {
    let stack: GitHubStack
    /// Seals each account's token at rest.
    let vault: TokenVault
    /// Sign-in, sessions and accounts' tokens, in the store.
    let accounts: Accounts
    let liveBudget: LiveBudget
    private let readings = Mutex<[AccountKey: ReadContext]>([:])
    private let hubs = Mutex<[AccountKey: LiveHub]>([:])

    init(stack: GitHubStack, database: any Store, vault: TokenVault, liveBudget: LiveBudget) {
        self.stack = stack
        self.vault = vault
        accounts = Accounts(database: database, vault: vault)
        self.liveBudget = liveBudget
    }

    /// The reading context over the account's own token, or nil when it has none (then nothing of
    /// that account's is ever asked with another token).
    func reading(_ key: AccountKey) async -> ReadContext? {
        if let cached = readings.withLock({ $0[key] }) { return cached }
        guard let token = await accounts.token(of: key) else { return nil }
        let made = stack.reading(token: token, viewer: .account(key))
        readings.withLock { $0[key] = made }
        return made
    }

    /// The account's own live counts, or nil when it has no token.
    func live(_ key: AccountKey) async -> LiveHub? {
        guard let reading = await reading(key) else { return nil }
        let budget = liveBudget
        return hubs.withLock { hubs in
            if let hub = hubs[key] { return hub }
            let hub = LiveHub(budget: budget) { reading }
            hubs[key] = hub
            return hub
        }
    }

    /// Forgets the account's reading context and live counts (signed in again with another
    /// token, or forgotten).
    func forget(_ key: AccountKey) {
        _ = readings.withLock { $0.removeValue(forKey: key) }
        _ = hubs.withLock { $0.removeValue(forKey: key) }
    }
}
