import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

/// Accounts by GitHub's user id, and what ends them: on SQLite. See `Store.signIn`.
extension AppDatabase {
    public func signIn(userID: Int64, login: String, sealedToken: Data, at date: Date = Date()) async throws(StoreError)
        -> AccountSignIn
    {
        try await write { db in
            let key = AccountKey(userID: userID)
            if var mine = try AccountRecord.filter(sql: "userID = ?", arguments: [userID]).fetchOne(db) {
                // Renamed on GitHub: whoever held the new login here before is someone else.
                try Self.moveAside(login: login, keeping: mine.key, db)
                try db.execute(
                    sql: "UPDATE account SET login = ?, sealedToken = ?, signedInAt = ? WHERE key = ?",
                    arguments: [login, sealedToken, date.stored, mine.key.rawValue])
                (mine.login, mine.sealedToken, mine.signedInAt) = (login, sealedToken, date)
                return .signedIn(mine)
            }
            if var legacy = try AccountRecord.filter(sql: "login = ? AND userID IS NULL", arguments: [login]).fetchOne(db) {
                try Self.moveData(from: legacy.key.rawValue, to: key.rawValue, db)
                try db.execute(
                    sql: "UPDATE account SET userID = ?, key = ?, login = ?, sealedToken = ?, signedInAt = ? WHERE key = ?",
                    arguments: [userID, key.rawValue, login, sealedToken, date.stored, legacy.key.rawValue])
                (legacy.userID, legacy.key, legacy.login, legacy.sealedToken, legacy.signedInAt) = (userID, key, login, sealedToken, date)
                return .adopted(legacy)
            }
            // A login reused by a newcomer: the account that had it keeps its data, under its own key.
            try Self.moveAside(login: login, keeping: nil, db)
            let record = AccountRecord(login: login, sealedToken: sealedToken, createdAt: date, signedInAt: date, userID: userID)
            try record.insert(db)
            return .signedIn(record)
        }
    }

    /// Gives every account called `login` but the one keyed `keeping` a login no one can sign in with.
    static func moveAside(login: String, keeping: AccountKey?, _ db: Database) throws {
        for other in try AccountRecord.filter(sql: "login = ?", arguments: [login]).fetchAll(db) where other.key != keeping {
            try db.execute(sql: "UPDATE account SET login = ? WHERE key = ?", arguments: [other.displacedLogin, other.key.rawValue])
        }
    }

    /// Moves an adopted account's favourites, notes, tags, updates and unchecked favourites' problems
    /// to its new key, and ends its
    /// sessions (they were started under the old key).
    static func moveData(from old: String, to new: String, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub)
                SELECT ?, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub FROM favorite WHERE account = ?
                """, arguments: [new, old])
        try db.execute(sql: "UPDATE OR IGNORE favoriteTag SET account = ? WHERE account = ?", arguments: [new, old])
        for table in ["tagInfo", "listSync"] {
            try db.execute(sql: "UPDATE OR IGNORE \(table) SET account = ? WHERE account = ?", arguments: [new, old])
            try db.execute(sql: "DELETE FROM \(table) WHERE account = ?", arguments: [old])
        }
        try db.execute(sql: "DELETE FROM favorite WHERE account = ?", arguments: [old])
        try db.execute(sql: "UPDATE OR IGNORE removedFavorite SET account = ? WHERE account = ?", arguments: [new, old])
        try db.execute(sql: "DELETE FROM removedFavorite WHERE account = ?", arguments: [old])
        try db.execute(sql: "UPDATE OR IGNORE updateEvent SET account = ? WHERE account = ?", arguments: [new, old])
        try db.execute(sql: "DELETE FROM updateEvent WHERE account = ?", arguments: [old])
        try db.execute(sql: "UPDATE OR IGNORE watchProblem SET account = ? WHERE account = ?", arguments: [new, old])
        try db.execute(sql: "DELETE FROM watchProblem WHERE account = ?", arguments: [old])
        try db.execute(sql: "UPDATE OR IGNORE accountWatch SET account = ? WHERE account = ?", arguments: [new, old])
        try db.execute(sql: "DELETE FROM accountWatch WHERE account = ?", arguments: [old])
        try db.execute(sql: "DELETE FROM webSession WHERE account = ? COLLATE NOCASE", arguments: [old])
    }

    public func endSessions(for viewer: Viewer) async throws(StoreError) -> Int {
        guard let account = viewer.stored else { return 0 }
        return try await write { db in
            try db.execute(sql: "DELETE FROM webSession WHERE account = ? COLLATE NOCASE", arguments: [account])
            return db.changesCount
        }
    }

    public func forgetAccount(_ key: AccountKey) async throws(StoreError) -> Bool {
        let account = key.rawValue
        let answers = CachePartition.prefix(of: .account(key))
        return try await write { db in
            var removed = 0
            try db.execute(sql: "DELETE FROM cachedResponse WHERE substr(key, 1, length(?)) = ?", arguments: [answers, answers])
            removed += db.changesCount
            for statement in [
                "DELETE FROM favoriteTag WHERE account = ?", "DELETE FROM tagInfo WHERE account = ?",
                "DELETE FROM listSync WHERE account = ?", "DELETE FROM formOutcome WHERE account = ?",
                "DELETE FROM favorite WHERE account = ?",
                "DELETE FROM removedFavorite WHERE account = ?",
                "DELETE FROM updateEvent WHERE account = ?", "DELETE FROM watchProblem WHERE account = ?",
                "DELETE FROM accountWatch WHERE account = ?",
                "DELETE FROM webSession WHERE account = ? COLLATE NOCASE",
                "DELETE FROM account WHERE key = ?",
            ] {
                try db.execute(sql: statement, arguments: [account])
                removed += db.changesCount
            }
            // What checks of favourites no one has any more left in the shared table (a private
            // repository's, from before such watches were kept per account).
            try db.execute(sql: "DELETE FROM repositoryWatch WHERE repositoryID NOT IN (SELECT repositoryID FROM favorite)")
            return removed > 0
        }
    }

    public func accountsKeyState() async throws(StoreError) -> AccountsKeyState {
        try await read { db in
            AccountsKeyState(
                sealedTokens: try Int.fetchOne(db, sql: "SELECT count(*) FROM account WHERE length(sealedToken) > 0") ?? 0,
                sample: try Data.fetchOne(db, sql: "SELECT sealedToken FROM account WHERE length(sealedToken) > 0 LIMIT 1"),
                check: try Data.fetchOne(db, sql: "SELECT value FROM keyCheck WHERE name = ?", arguments: [AccountsKeyState.name]))
        }
    }

    public func setAccountsKeyCheck(_ check: Data) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO keyCheck (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                arguments: [AccountsKeyState.name, check])
        }
    }

    public func resetAccounts(keyCheck: Data) async throws(StoreError) -> (sessions: Int, tokens: Int) {
        try await write { db in
            try db.execute(sql: "DELETE FROM webSession")
            let sessions = db.changesCount
            try db.execute(sql: "UPDATE account SET sealedToken = x'' WHERE length(sealedToken) > 0")
            let tokens = db.changesCount
            try db.execute(
                sql: "INSERT INTO keyCheck (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                arguments: [AccountsKeyState.name, keyCheck])
            return (sessions, tokens)
        }
    }
}
