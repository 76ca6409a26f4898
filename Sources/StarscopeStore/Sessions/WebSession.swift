import Crypto
import Foundation
import GRDB
import StarscopeModels

/// A signed-in browser: the SHA-256 of its cookie's secret (never the secret itself), whose it
/// is, and until when it holds.
public struct WebSession: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

    public static let databaseTableName = "webSession"

    public var secretHash: String
    /// Whose session it is, as kept (`Viewer.stored`): read it as `viewer`.
    public var account: String
    public var createdAt: Date
    public var expiresAt: Date

    /// Whose session it is.
    public var viewer: Viewer { Viewer(stored: account) }

    /// A fresh secret for a cookie (256 random bits, hex), and the session that stores its hash
    /// (`.everyone` has no session of its own: asked for one, it gets a guest's).
    public static func make(for viewer: Viewer, lifetime: TimeInterval, now: Date = Date()) -> (secret: String, session: WebSession) {
        let account = viewer.stored ?? Viewer.guestMarker
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexString
        return (secret, WebSession(secretHash: hash(secret), account: account, createdAt: now, expiresAt: now + lifetime))
    }

    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).hexString
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
