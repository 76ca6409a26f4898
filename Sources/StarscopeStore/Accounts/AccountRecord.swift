import Foundation
import GRDB

/// A person who signs in to a shared server (`serve --accounts`): their GitHub login, their
/// token sealed by the `TokenVault`, and their theme.
public struct AccountRecord: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

    public static let databaseTableName = "account"

    public var login: String
    public var sealedToken: Data
    /// `system`, `light` or `dark`.
    public var theme: String
    public var createdAt: Date
    public var signedInAt: Date

    public init(login: String, sealedToken: Data, theme: String = "system", createdAt: Date, signedInAt: Date) {
        self.login = login
        self.sealedToken = sealedToken
        self.theme = theme
        self.createdAt = createdAt
        self.signedInAt = signedInAt
    }
}

extension AppDatabase {
    /// Creates the account or replaces its token (signing in again with a new token).
    public func saveAccount(login: String, sealedToken: Data, at date: Date = Date()) async throws(StoreError) {
        try await write { db in
            if var existing = try AccountRecord.filter(sql: "login = ? COLLATE NOCASE", arguments: [login]).fetchOne(db) {
                existing.sealedToken = sealedToken
                existing.signedInAt = date
                try existing.update(db)
            } else {
                try AccountRecord(login: login, sealedToken: sealedToken, createdAt: date, signedInAt: date).insert(db)
            }
        }
    }

    public func account(login: String) async throws(StoreError) -> AccountRecord? {
        try await read { db in try AccountRecord.filter(sql: "login = ? COLLATE NOCASE", arguments: [login]).fetchOne(db) }
    }

    public func setTheme(_ theme: String, login: String) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "UPDATE account SET theme = ? WHERE login = ? COLLATE NOCASE", arguments: [theme, login])
        }
    }
}
