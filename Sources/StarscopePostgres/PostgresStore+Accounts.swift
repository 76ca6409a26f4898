import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

extension PostgresStore {
    static let accountColumns = "login, sealedToken, theme, createdAt, signedInAt, userID, key"

    /// Creates the account or replaces its token, known by its login only, as every account was
    /// before GitHub's ids were kept; sign-in uses `signIn`.
    public func saveAccount(login: String, sealedToken: Data, at date: Date = Date()) async throws(StoreError) {
        let date = date.milliseconds
        let login = login.lowercased()
        try await execute(
            """
            INSERT INTO account (login, sealedToken, createdAt, signedInAt, key) VALUES (\(login), \(sealedToken), \(date), \(date), \(login))
            ON CONFLICT (login) DO UPDATE SET sealedToken = excluded.sealedToken, signedInAt = excluded.signedInAt
            """)
    }

    public func account(login: String) async throws(StoreError) -> AccountRecord? {
        try Self.account(
            try await rows("SELECT \(unescaped: Self.accountColumns) FROM account WHERE login = \(login.lowercased())").first)
    }

    public func account(key: AccountKey) async throws(StoreError) -> AccountRecord? {
        try Self.account(
            try await rows("SELECT \(unescaped: Self.accountColumns) FROM account WHERE key = \(key.rawValue)").first)
    }

    static func account(_ row: PostgresRow?) throws(StoreError) -> AccountRecord? {
        guard let row else { return nil }
        let (login, token, theme, createdAt, signedInAt, userID, key) = try decode(
            row, (String, Data, String, Date, Date, Int64?, String).self)
        return AccountRecord(
            login: login, sealedToken: token, theme: theme, createdAt: createdAt, signedInAt: signedInAt, userID: userID,
            key: AccountKey(key))
    }

    public func setTheme(_ theme: String, account key: AccountKey) async throws(StoreError) {
        try await execute("UPDATE account SET theme = \(theme) WHERE key = \(key.rawValue)")
    }

    public func saveSession(_ session: WebSession) async throws(StoreError) {
        try await execute(
            """
            INSERT INTO webSession (secretHash, account, createdAt, expiresAt)
            VALUES (\(session.secretHash), \(session.account), \(session.createdAt.milliseconds), \(session.expiresAt.milliseconds))
            """)
    }

    public func session(secret: String, now: Date = Date()) async throws(StoreError) -> WebSession? {
        let rows = try await rows(
            """
            SELECT secretHash, account, createdAt, expiresAt FROM webSession
            WHERE secretHash = \(WebSession.hash(secret)) AND expiresAt > \(now.milliseconds)
            """)
        return try rows.first.map { row throws(StoreError) in
            let (hash, account, createdAt, expiresAt) = try Self.decode(row, (String, String, Date, Date).self)
            return WebSession(secretHash: hash, viewer: Viewer(stored: account), createdAt: createdAt, expiresAt: expiresAt)
        }
    }

    public func deleteSession(secret: String, now: Date = Date()) async throws(StoreError) {
        try await execute("DELETE FROM webSession WHERE secretHash = \(WebSession.hash(secret)) OR expiresAt <= \(now.milliseconds)")
    }

    public func trimSessions(for viewer: Viewer, keeping: Int, now: Date = Date()) async throws(StoreError) {
        let account = viewer.stored
        try await execute(
            """
            DELETE FROM webSession WHERE expiresAt <= \(now.milliseconds) OR (account = \(account) AND secretHash NOT IN (
                SELECT secretHash FROM webSession WHERE account = \(account) ORDER BY createdAt DESC, secretHash LIMIT \(max(0, keeping))))
            """)
    }
}
