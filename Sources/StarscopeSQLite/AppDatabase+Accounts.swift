import Crypto
import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

extension AccountRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "account"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }
}

extension AppDatabase {
    /// Creates the account or replaces its token (signing in again with a new token), known by its
    /// login only, as every account was before GitHub's ids were kept; sign-in uses `signIn`.
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

    public func account(key: AccountKey) async throws(StoreError) -> AccountRecord? {
        try await read { db in try AccountRecord.filter(sql: "key = ? COLLATE NOCASE", arguments: [key.rawValue]).fetchOne(db) }
    }

    public func setTheme(_ theme: String, account key: AccountKey) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "UPDATE account SET theme = ? WHERE key = ? COLLATE NOCASE", arguments: [theme, key.rawValue])
        }
    }
}

extension WebSession: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "webSession"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }
}

extension AppDatabase {
    public func saveSession(_ session: WebSession) async throws(StoreError) {
        try await write { db in try session.insert(db) }
    }

    /// The session whose cookie holds `secret`, if it has not expired.
    public func session(secret: String, now: Date = Date()) async throws(StoreError) -> WebSession? {
        let key = WebSession.hash(secret)
        return try await read { db in
            try WebSession.filter(sql: "secretHash = ? AND expiresAt > ?", arguments: [key, now.stored]).fetchOne(db)
        }
    }

    /// Ends the session whose cookie holds `secret` (signing out), and any that expired.
    public func deleteSession(secret: String, now: Date = Date()) async throws(StoreError) {
        let key = WebSession.hash(secret)
        try await write { db in
            try db.execute(sql: "DELETE FROM webSession WHERE secretHash = ? OR expiresAt <= ?", arguments: [key, now.stored])
        }
    }

    /// Keeps the `keeping` newest sessions of `account` (guests, of whom there may be many) and
    /// deletes the rest, and any that expired.
    public func trimSessions(for viewer: Viewer, keeping: Int, now: Date = Date()) async throws(StoreError) {
        let account = viewer.stored
        try await write { db in
            try db.execute(
                sql: """
                    DELETE FROM webSession WHERE expiresAt <= ? OR (account = ? AND secretHash NOT IN (
                        SELECT secretHash FROM webSession WHERE account = ? ORDER BY createdAt DESC, secretHash LIMIT ?))
                    """, arguments: [now.stored, account, account, max(0, keeping)])
        }
    }
}
