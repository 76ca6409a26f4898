import Foundation

/// A person who signs in to a shared server (`serve --accounts`): who GitHub says they are (their
/// user id, which never changes, and their login, kept for display and `--allow-login`), the key
/// their data is kept under, their token sealed by the `TokenVault`, and their theme.
public struct AccountRecord: Codable, Sendable, Hashable {
    /// The login GitHub gave at the last sign-in; `#ID` once another account has taken it.
    public var login: String
    /// The sealed token; empty once `--reset-accounts` dropped it (the person must sign in again).
    public var sealedToken: Data
    /// `system`, `light` or `dark`.
    public var theme: String
    public var createdAt: Date
    public var signedInAt: Date
    /// GitHub's user id; nil for an account made before ids were kept (v12) that has not signed in since.
    public var userID: Int64?
    /// What this account's favourites, notes, tags, updates and sessions are kept under (their
    /// `account`): `#ID` for GitHub's user id, or the login of an account not signed in since v12.
    /// No login can start with "#", so a login reused by someone else never reaches these data.
    public var key: AccountKey

    public init(
        login: String, sealedToken: Data, theme: String = "system", createdAt: Date, signedInAt: Date, userID: Int64? = nil,
        key: AccountKey? = nil
    ) {
        self.login = login
        self.sealedToken = sealedToken
        self.theme = theme
        self.createdAt = createdAt
        self.signedInAt = signedInAt
        self.userID = userID
        self.key = key ?? userID.map(AccountKey.init(userID:)) ?? AccountKey(login)
    }

    /// The viewer this account is when it signs in.
    public var viewer: Viewer { .account(key) }

    /// The login an account is moved to when someone else signs in with its login: it cannot be
    /// a GitHub login, so only its own id (or an operator who knows it) finds it again.
    package var displacedLogin: String { userID.map { AccountKey(userID: $0).rawValue } ?? "#" + key.rawValue }
}

/// What happened when someone signed in (`Store.signIn`).
public enum AccountSignIn: Sendable, Hashable {
    /// The account of this user id, made now or found (its login updated if GitHub's changed).
    case signedIn(AccountRecord)
    /// An account made before ids were kept, with this login, now bound to this id: its data
    /// moved to the id's key and its old sessions ended.
    case adopted(AccountRecord)

    public var account: AccountRecord {
        switch self {
        case .signedIn(let record), .adopted(let record): record
        }
    }
}
