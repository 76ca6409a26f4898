import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// Sign-in, sessions and what an account keeps of its own (theme, "Forget me"), over the store:
/// what the sign-in page and Settings do, with tokens sealed by the server's vault.
public struct Accounts: Sendable {
    let database: any Store
    /// With accounts: seals each account's token at rest; nil on a server without accounts.
    let vault: TokenVault?

    public init(database: any Store, vault: TokenVault?) {
        self.database = database
        self.vault = vault
    }

    /// The account keyed `key`, when the store has it.
    public func account(_ key: AccountKey) async -> AccountRecord? {
        try? await database.account(key: key)
    }

    /// The token the account keyed `key` signed in with, unsealed.
    public func token(of key: AccountKey) async -> String? {
        guard vault != nil, let record = await account(key) else { return nil }
        return token(of: record)
    }

    /// The token `record` signed in with, unsealed.
    public func token(of record: AccountRecord) -> String? {
        vault?.unseal(record.sealedToken)
    }

    /// Signs in `owner` (whose token GitHub checked) with `token`, sealed. With `allowedLogins`,
    /// a login is the person who had it when first signed in here: someone GitHub gave it to later
    /// gets that first person's record back, which the caller refuses.
    public func signIn(_ owner: Profile, token: String, allowedLogins: [String]) async throws(StoreError) -> AccountRecord {
        guard let vault else { throw .readOnly }
        if !allowedLogins.isEmpty, let holder = try await database.account(login: owner.login), let id = holder.userID, id != owner.id {
            return holder
        }
        return try await database.signIn(userID: owner.id, login: owner.login, sealedToken: try vault.seal(token), at: Date()).account
    }

    /// A new session for `viewer`, stored; its secret goes in the cookie.
    public func startSession(for viewer: Viewer, lifetime: TimeInterval) async throws(StoreError) -> String {
        let (secret, session) = WebSession.make(for: viewer, lifetime: lifetime)
        try await database.saveSession(session)
        return secret
    }

    /// Ends the oldest guest sessions beyond `keeping`.
    public func trimGuestSessions(keeping: Int) async throws(StoreError) {
        try await database.trimSessions(for: .guest, keeping: max(1, keeping), now: Date())
    }

    /// Ends the session whose cookie holds `secret`.
    public func endSession(secret: String) async {
        try? await database.deleteSession(secret: secret)
    }

    /// Ends every session of `viewer`.
    public func endSessions(for viewer: Viewer) async throws(StoreError) {
        _ = try await database.endSessions(for: viewer)
    }

    /// Keeps the account's theme, for its next sign-in.
    public func setTheme(_ theme: String, for key: AccountKey) async {
        try? await database.setTheme(theme, account: key)
    }

    /// Favourites Starscope can no longer check for `viewer`, and why.
    public func watchProblems(for viewer: Viewer) async -> [WatchProblem] {
        (try? await database.watchProblems(for: viewer)) ?? []
    }

    /// What "Forget me" deletes: the account's login, favourites and updates.
    public func forgetting(_ key: AccountKey) async -> (login: String, favorites: Int, updates: Int) {
        let viewer = Viewer.account(key)
        let login = await account(key)?.login ?? key.rawValue
        let favorites = (try? await database.favoriteIDs(for: viewer).count) ?? 0
        let updates = (try? await database.updates(for: viewer, unseenOnly: false, since: nil).count) ?? 0
        return (login, favorites, updates)
    }

    /// Deletes the account's token, favourites, notes, tags, updates, sessions and kept answers.
    public func forget(_ key: AccountKey) async throws(StoreError) {
        _ = try await database.forgetAccount(key)
    }
}
