import Foundation
import StarscopeModels

/// The people of a server with accounts, their sealed tokens and themes, and every web session.
public protocol AccountsStore: Sendable {
    /// Creates or updates an account known by its login only, as every account was before
    /// GitHub's ids were kept (v12); people sign in with `signIn`.
    func saveAccount(login: String, sealedToken: Data, at date: Date) async throws(StoreError)
    /// Signs in GitHub's user `userID`, called `login` now, with a freshly sealed token, in one
    /// transaction: the account of that id (its login updated when GitHub's changed), else an
    /// account made before ids were kept with that login, adopted once (its data moved to the
    /// id's key, its old sessions ended), else a new, empty account. Any other account holding
    /// `login` is someone GitHub gave that login before: it is moved aside (login `#ID`) and keeps
    /// its data, which the newcomer never sees.
    func signIn(userID: Int64, login: String, sealedToken: Data, at date: Date) async throws(StoreError) -> AccountSignIn
    /// The account called `login` now (any case).
    func account(login: String) async throws(StoreError) -> AccountRecord?
    /// The account whose data are kept under `key`.
    func account(key: AccountKey) async throws(StoreError) -> AccountRecord?
    /// Sets the theme of the account keyed `key`.
    func setTheme(_ theme: String, account key: AccountKey) async throws(StoreError)
    /// Ends every session of `viewer`: how many ended.
    @discardableResult
    func endSessions(for viewer: Viewer) async throws(StoreError) -> Int
    /// Deletes everything kept for the account keyed `key`: its sealed token and theme,
    /// favourites with their notes and tags (and why some could not be checked), updates,
    /// sessions and its partition of GitHub's answers (`CachePartition`), in one transaction;
    /// nothing of any other account. False when there was nothing.
    @discardableResult
    func forgetAccount(_ key: AccountKey) async throws(StoreError) -> Bool
    /// How many tokens are sealed with `accounts.key`, one to try it on, and its stored check.
    func accountsKeyState() async throws(StoreError) -> AccountsKeyState
    /// Stores the check value of the `accounts.key` in use (see `TokenVault.check`).
    func setAccountsKeyCheck(_ check: Data) async throws(StoreError)
    /// `serve --reset-accounts`: ends every session, drops every sealed token (each person signs
    /// in again) and stores the new key's check, in one transaction.
    @discardableResult
    func resetAccounts(keyCheck: Data) async throws(StoreError) -> (sessions: Int, tokens: Int)
    func saveSession(_ session: WebSession) async throws(StoreError)
    func session(secret: String, now: Date) async throws(StoreError) -> WebSession?
    /// Deletes the session of `secret`, and every expired one.
    func deleteSession(secret: String, now: Date) async throws(StoreError)
    /// Deletes the sessions of `viewer` beyond its `keeping` newest, and every expired one.
    func trimSessions(for viewer: Viewer, keeping: Int, now: Date) async throws(StoreError)
}
