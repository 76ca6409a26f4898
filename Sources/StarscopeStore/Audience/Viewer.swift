/// Who is looking at what Starscope holds. Sign-in sets it once per request (the terminal is
/// always `.owner`); every use case, store read and store write takes it, and what it may
/// read is decided by one rule (`Viewer+Audience.swift`).
public enum Viewer: Hashable, Sendable {
    /// The one user of a server without accounts, and the terminal: everything the server's
    /// token may see, and the favourites, updates and settings kept for that user.
    case owner
    /// A person signed in to a server with accounts, browsing on their own token.
    case account(AccountKey)
    /// A guest of a server with `--guests`: public repositories only, read on the server's
    /// token, and nothing of their own to keep.
    case guest
    /// Anyone at all: what feeds, embeds and shared live counts show, public repositories only.
    case everyone

    /// The signed-in account, if this viewer is one.
    public var accountKey: AccountKey? {
        if case .account(let key) = self { key } else { nil }
    }
}

/// What an account's favourites, notes, tags, updates and sessions are kept under: `#ID` for
/// GitHub's user id, or the login of an account that has not signed in since ids were kept.
/// Logins are not case-sensitive on GitHub, so a key is folded to lower case when it is made:
/// `Mona` and `mona` are one key, wherever they come from.
public struct AccountKey: Hashable, Sendable, CustomStringConvertible, Codable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue.lowercased()
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The key of the account with GitHub's user id `userID`.
    public init(userID: Int64) {
        rawValue = "#\(userID)"
    }

    public var description: String { rawValue }
}

extension Viewer {
    /// Where this viewer's own data are kept (the `account` column of favourites, tags, updates,
    /// themes): "" for the owner, the account's key; guests and everyone keep nothing.
    package var partition: String? {
        switch self {
        case .owner: ""
        case .account(let key): key.rawValue
        case .guest, .everyone: nil
        }
    }

    /// `partition`, for a write: guests and everyone are refused.
    package func writablePartition() throws(StoreError) -> String {
        guard let partition else { throw .readOnly }
        return partition
    }

    /// The viewer's key in the sessions table: its partition, or a guest's marker, which no
    /// account key can equal (keys are `#ID` or a login, and no login starts with "*").
    /// `.everyone` has no session.
    package var stored: String? {
        self == .guest ? Self.guestMarker : partition
    }

    package static let guestMarker = "*guest"

    /// The viewer whose partition is `stored` (a session's or a favourite's `account`).
    package init(stored: String) {
        self =
            switch stored {
            case "": .owner
            case Self.guestMarker: .guest
            default: .account(AccountKey(stored))
            }
    }
}

/// A viewer is written as its stored form (`stored`), the `account` column of what it keeps.
extension Viewer: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(stored: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        guard let stored else {
            throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: "Everyone keeps nothing."))
        }
        var container = encoder.singleValueContainer()
        try container.encode(stored)
    }
}
