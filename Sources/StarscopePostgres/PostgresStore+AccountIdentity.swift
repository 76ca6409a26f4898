import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

/// Accounts by GitHub's user id, and what ends them: on PostgreSQL, where logins and keys are
/// kept in lower case. See `Store.signIn`.
extension PostgresStore {
    public func signIn(userID: Int64, login: String, sealedToken: Data, at date: Date = Date()) async throws(StoreError)
        -> AccountSignIn
    {
        let login = login.lowercased()
        let date = date.milliseconds
        let key = AccountKey(userID: userID)
        let columns = Self.accountColumns
        return try await transaction { connection in
            // Two instances signing the same person in at once take turns.
            _ = try await connection.all("SELECT pg_advisory_xact_lock(7400519)")
            if var mine = try Self.account(
                try await connection.all("SELECT \(unescaped: columns) FROM account WHERE userID = \(userID)").first)
            {
                try await Self.moveAside(login: login, keeping: mine.key, connection)
                _ = try await connection.all(
                    """
                    UPDATE account SET login = \(login), sealedToken = \(sealedToken), signedInAt = \(date) WHERE key = \(mine.key.rawValue)
                    """)
                (mine.login, mine.sealedToken, mine.signedInAt) = (login, sealedToken, date)
                return .signedIn(mine)
            }
            if var legacy = try Self.account(
                try await connection.all("SELECT \(unescaped: columns) FROM account WHERE login = \(login) AND userID IS NULL").first)
            {
                try await Self.moveData(from: legacy.key.rawValue, to: key.rawValue, connection)
                _ = try await connection.all(
                    """
                    UPDATE account SET userID = \(userID), key = \(key.rawValue), sealedToken = \(sealedToken), signedInAt = \(date)
                    WHERE key = \(legacy.key.rawValue)
                    """)
                (legacy.userID, legacy.key, legacy.sealedToken, legacy.signedInAt) = (userID, key, sealedToken, date)
                return .adopted(legacy)
            }
            try await Self.moveAside(login: login, keeping: nil, connection)
            _ = try await connection.all(
                """
                INSERT INTO account (login, sealedToken, createdAt, signedInAt, userID, key)
                VALUES (\(login), \(sealedToken), \(date), \(date), \(userID), \(key.rawValue))
                """)
            return .signedIn(
                AccountRecord(login: login, sealedToken: sealedToken, createdAt: date, signedInAt: date, userID: userID, key: key))
        }
    }

    /// Gives the account called `login`, unless it is the one keyed `keeping`, a login no one can sign in with.
    static func moveAside(login: String, keeping: AccountKey?, _ connection: PostgresConnection) async throws {
        let held = try await connection.all("SELECT \(unescaped: accountColumns) FROM account WHERE login = \(login)")
        for row in held {
            guard let other = try account(row), other.key != keeping else { continue }
            _ = try await connection.all("UPDATE account SET login = \(other.displacedLogin) WHERE key = \(other.key.rawValue)")
        }
    }

    /// Moves an adopted account's favourites, notes, tags, updates and unchecked favourites' problems
    /// to its new key, and ends its
    /// sessions (they were started under the old key).
    static func moveData(from old: String, to new: String, _ connection: PostgresConnection) async throws {
        _ = try await connection.all(
            """
            INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub)
            SELECT \(new), repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub FROM favorite WHERE account = \(old)
            ON CONFLICT DO NOTHING
            """)
        _ = try await connection.all("UPDATE favoriteTag SET account = \(new) WHERE account = \(old)")
        _ = try await connection.all(
            """
            INSERT INTO tagInfo (account, tag, description, isPublic)
            SELECT \(new), tag, description, isPublic FROM tagInfo WHERE account = \(old) ON CONFLICT DO NOTHING
            """)
        _ = try await connection.all("DELETE FROM tagInfo WHERE account = \(old)")
        _ = try await connection.all(
            """
            INSERT INTO listSync (account, tag, listID, description, members)
            SELECT \(new), tag, listID, description, members FROM listSync WHERE account = \(old) ON CONFLICT DO NOTHING
            """)
        _ = try await connection.all("DELETE FROM listSync WHERE account = \(old)")
        _ = try await connection.all("DELETE FROM favorite WHERE account = \(old)")
        _ = try await connection.all(
            """
            INSERT INTO removedFavorite
            (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, tags, starredOnGitHub, removedAt)
            SELECT \(new), repositoryID, fullName, snapshot, addedAt, updatedAt, note, tags, starredOnGitHub, removedAt
            FROM removedFavorite WHERE account = \(old) ON CONFLICT DO NOTHING
            """)
        _ = try await connection.all("DELETE FROM removedFavorite WHERE account = \(old)")
        _ = try await connection.all(
            """
            INSERT INTO updateEvent (account, key, kind, repositoryID, fullName, occurredAt, summary, htmlURL, seen)
            SELECT \(new), key, kind, repositoryID, fullName, occurredAt, summary, htmlURL, seen FROM updateEvent WHERE account = \(old)
            ON CONFLICT DO NOTHING
            """)
        _ = try await connection.all("DELETE FROM updateEvent WHERE account = \(old)")
        _ = try await connection.all(
            """
            INSERT INTO watchProblem (account, repositoryID, fullName, problem, gone, since, checkedAt)
            SELECT \(new), repositoryID, fullName, problem, gone, since, checkedAt FROM watchProblem WHERE account = \(old)
            ON CONFLICT DO NOTHING
            """)
        _ = try await connection.all("DELETE FROM watchProblem WHERE account = \(old)")
        _ = try await connection.all(
            """
            INSERT INTO accountWatch (account, repositoryID, fullName, stars, archived, latestRelease, checkedAt)
            SELECT \(new), repositoryID, fullName, stars, archived, latestRelease, checkedAt FROM accountWatch WHERE account = \(old)
            ON CONFLICT DO NOTHING
            """)
        _ = try await connection.all("DELETE FROM accountWatch WHERE account = \(old)")
        _ = try await connection.all("DELETE FROM webSession WHERE lower(account) = \(old)")
    }

    public func endSessions(for viewer: Viewer) async throws(StoreError) -> Int {
        guard let account = viewer.stored else { return 0 }
        return try await execute("DELETE FROM webSession WHERE lower(account) = \(account.lowercased()) RETURNING 1")
    }

    public func forgetAccount(_ key: AccountKey) async throws(StoreError) -> Bool {
        let account = key.rawValue
        let answers = CachePartition.prefix(of: .account(key))
        return try await transaction { connection in
            var removed = 0
            removed += try await connection.all(
                "DELETE FROM cachedResponse WHERE substr(key, 1, length(\(answers))) = \(answers) RETURNING 1"
            ).count
            removed += try await connection.all("DELETE FROM favoriteTag WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM tagInfo WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM listSync WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM formOutcome WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM favorite WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM removedFavorite WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM updateEvent WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM watchProblem WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM accountWatch WHERE account = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM webSession WHERE lower(account) = \(account) RETURNING 1").count
            removed += try await connection.all("DELETE FROM account WHERE key = \(account) RETURNING 1").count
            // What checks of favourites no one has any more left in the shared table (a private
            // repository's, from before such watches were kept per account).
            _ = try await connection.all("DELETE FROM repositoryWatch WHERE repositoryID NOT IN (SELECT repositoryID FROM favorite)")
            return removed > 0
        }
    }

    public func accountsKeyState() async throws(StoreError) -> AccountsKeyState {
        let count = try await rows("SELECT count(*)::bigint FROM account WHERE length(sealedToken) > 0").first
        let sample = try await rows("SELECT sealedToken FROM account WHERE length(sealedToken) > 0 LIMIT 1").first
        let check = try await rows("SELECT value FROM keyCheck WHERE name = \(AccountsKeyState.name)").first
        return AccountsKeyState(
            sealedTokens: Int(try count.map { row throws(StoreError) in try Self.decode(row, Int64.self) } ?? 0),
            sample: try sample.map { row throws(StoreError) in try Self.decode(row, Data.self) },
            check: try check.map { row throws(StoreError) in try Self.decode(row, Data.self) })
    }

    public func setAccountsKeyCheck(_ check: Data) async throws(StoreError) {
        try await execute(
            """
            INSERT INTO keyCheck (name, value) VALUES (\(AccountsKeyState.name), \(check))
            ON CONFLICT (name) DO UPDATE SET value = excluded.value
            """)
    }

    public func resetAccounts(keyCheck: Data) async throws(StoreError) -> (sessions: Int, tokens: Int) {
        try await transaction { connection in
            let sessions = try await connection.all("DELETE FROM webSession RETURNING 1").count
            let tokens = try await connection.all(
                "UPDATE account SET sealedToken = \(Data()) WHERE length(sealedToken) > 0 RETURNING 1"
            ).count
            _ = try await connection.all(
                """
                INSERT INTO keyCheck (name, value) VALUES (\(AccountsKeyState.name), \(keyCheck))
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """)
            return (sessions, tokens)
        }
    }
}
