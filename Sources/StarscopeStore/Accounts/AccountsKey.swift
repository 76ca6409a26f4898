import Foundation

/// `accounts.key` at the start of `serve --accounts`: the key the accounts' tokens were sealed
/// with, or a refusal to start. A key that went missing, was replaced or cannot be read would
/// otherwise leave every account's token unreadable while their sessions stay open.
public enum AccountsKey {
    /// The vault to seal and unseal with, after checking `directory/accounts.key` against the store:
    ///
    /// - a brand-new server (no sealed token) makes the key if there is none;
    /// - with sealed tokens, a missing key, a key that cannot be read, or a key other than the one
    ///   they were sealed with (its stored `TokenVault.check` differs, or, before a check was
    ///   stored, it cannot open a sealed token) is refused with one sentence;
    /// - `reset` (`--reset-accounts`) ends every session, drops every sealed token and keeps (or
    ///   makes) a key, so that everyone signs in again.
    public static func prepare(store: any Store, directory: URL, reset: Bool) async throws(StoreError) -> TokenVault {
        let path = TokenVault.url(directory: directory).path
        let file = TokenVault.read(directory: directory)
        if reset {
            let vault: TokenVault
            if case .key(let existing) = file { vault = existing } else { vault = try TokenVault.create(directory: directory) }
            try await store.resetAccounts(keyCheck: vault.check)
            return vault
        }
        let state = try await store.accountsKeyState()
        switch file {
        case .unreadable(let reason):
            throw .accountsKey(
                "\(path) is there but \(reason); fix it, or start with --reset-accounts to replace it, end every session and have every account sign in again."
            )
        case .missing:
            guard state.sealedTokens == 0 else {
                throw .accountsKey(
                    "\(path) is missing, and the tokens of this server's accounts were sealed with it; put it back, or start with --reset-accounts to end every session and have every account sign in again."
                )
            }
            let vault = try TokenVault.create(directory: directory)
            try await store.setAccountsKeyCheck(vault.check)
            return vault
        case .key(let vault):
            let matches: Bool
            if let check = state.check {
                matches = check == vault.check
            } else {
                matches = state.sample.map { vault.unseal($0) != nil } ?? true
            }
            guard matches || state.sealedTokens == 0 else {
                throw .accountsKey(
                    "\(path) is not the key this server's account tokens were sealed with; put the right one back, or start with --reset-accounts to end every session and have every account sign in again."
                )
            }
            if state.check != vault.check { try await store.setAccountsKeyCheck(vault.check) }
            return vault
        }
    }
}

/// What the store says of `accounts.key` at start: how many tokens are sealed with it, one of
/// them to try, and the check value stored when the key was last accepted.
public struct AccountsKeyState: Sendable, Hashable {
    package static let name = "accounts.key"
    public var sealedTokens: Int
    public var sample: Data?
    public var check: Data?

    public init(sealedTokens: Int, sample: Data?, check: Data?) {
        self.sealedTokens = sealedTokens
        self.sample = sample
        self.check = check
    }
}
