import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

extension Update: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "updateEvent"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }
}

extension RepositoryWatch: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "repositoryWatch"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }
}

extension AppDatabase {
    public func watch(repositoryID: Int64, for viewer: Viewer) async throws(StoreError) -> RepositoryWatch? {
        let account = viewer.tokenHolder
        return try await read { db in
            try RepositoryWatch.fetchOne(
                db,
                sql: """
                    SELECT repositoryID, fullName, stars, archived, latestRelease, checkedAt FROM accountWatch
                    WHERE account = ? AND repositoryID = ?
                    """, arguments: [account, repositoryID]) ?? RepositoryWatch.fetchOne(db, key: repositoryID)
        }
    }

    /// Saves what was seen and the updates it made, for every account that favourites the
    /// repository (only the checking account, for one that is not shared), in one transaction; an
    /// update already recorded (same key) is not recorded again.
    public func record(_ watch: RepositoryWatch, updates: [Update], of repository: Repository, checkedFor viewer: Viewer)
        async throws(StoreError)
    {
        let account: String? = Viewer.mayShare(repository) ? nil : viewer.tokenHolder
        try await write { db in
            if let account {
                // Not shared: kept for the checking account alone, and gone from the shared table.
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO accountWatch (account, repositoryID, fullName, stars, archived, latestRelease, checkedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        account, watch.repositoryID, watch.fullName, watch.stars, watch.archived, watch.latestRelease,
                        watch.checkedAt.stored,
                    ])
                try RepositoryWatch.deleteOne(db, key: watch.repositoryID)
            } else {
                try watch.save(db)
                try db.execute(sql: "DELETE FROM accountWatch WHERE repositoryID = ?", arguments: [watch.repositoryID])
            }
            // Seen again: no problem any more, for the checking account (everyone's when public).
            try db.execute(
                sql: "DELETE FROM watchProblem WHERE repositoryID = ?" + (account == nil ? "" : " AND account = ?"),
                arguments: StatementArguments([watch.repositoryID] + (account.map { [$0] } ?? []) as [any DatabaseValueConvertible]))
            let accounts = try String.fetchAll(
                db, sql: "SELECT account FROM favorite WHERE repositoryID = ?" + (account == nil ? "" : " AND account = ?"),
                arguments: StatementArguments([watch.repositoryID] + (account.map { [$0] } ?? []) as [any DatabaseValueConvertible]))
            for account in accounts {
                for var update in updates {
                    update.viewer = Viewer(stored: account)
                    try update.insert(db, onConflict: .ignore)
                }
            }
        }
    }

    /// The repositories `viewer` favourites (any account's when nil), once each.
    public func watchedRepositories(for viewer: Viewer?) async throws(StoreError) -> [(id: Int64, fullName: String)] {
        if let viewer, viewer.partition == nil { return [] }
        let account = viewer?.partition
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT repositoryID, MIN(fullName) AS fullName FROM favorite" + (account == nil ? "" : " WHERE account = ?")
                    + " GROUP BY repositoryID ORDER BY repositoryID",
                arguments: StatementArguments((account.map { [$0] } ?? []) as [any DatabaseValueConvertible])
            )
            .map { (id: $0["repositoryID"], fullName: $0["fullName"]) }
        }
    }

    /// Every viewer with at least one favourite, by key.
    public func viewersWithFavorites() async throws(StoreError) -> [Viewer] {
        try await read { db in try String.fetchAll(db, sql: "SELECT DISTINCT account FROM favorite ORDER BY account") }.map(
            Viewer.init(stored:))
    }

    /// An account's updates: unseen ones only, or everything since `since`, newest first.
    public func updates(for viewer: Viewer, unseenOnly: Bool, since: Date?) async throws(StoreError) -> [Update] {
        guard let account = viewer.partition else { return [] }
        return try await read { db in
            var request = Update.filter(Column("account") == account)
            if unseenOnly { request = request.filter(Column("seen") == false) }
            if let since { request = request.filter(Column("occurredAt") >= since.stored) }
            return try request.order(Column("occurredAt").desc, Column("id").desc).fetchAll(db)
        }
    }

    public func unseenUpdateCount(for viewer: Viewer) async throws(StoreError) -> Int {
        guard let account = viewer.partition else { return 0 }
        return try await recentReads.value("unseenUpdateCount " + account.lowercased()) { () async throws(StoreError) in
            try await read { db in try Update.filter(Column("account") == account && Column("seen") == false).fetchCount(db) }
        }
    }

    public func markUpdatesSeen(for viewer: Viewer, ids: [Int64]) async throws(StoreError) {
        let account = try viewer.writablePartition()
        guard !ids.isEmpty else { return }
        try await write { db in
            _ = try Update.filter(Column("account") == account && ids.contains(Column("id"))).updateAll(db, Column("seen").set(to: true))
        }
    }
}

extension WatchProblem: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "watchProblem"

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }
}

extension AppDatabase {
    /// Saves why a watched repository could not be checked with `problem.viewer`'s token
    /// (replacing what that account knew) and gives `updates` to that account alone, when it
    /// has the repository as a favourite: what one token cannot see says nothing of another's.
    public func record(_ problem: WatchProblem, updates: [Update]) async throws(StoreError) {
        try await write { db in
            try problem.save(db)
            let favourite = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM favorite WHERE repositoryID = ? AND account = ?",
                arguments: [problem.repositoryID, problem.viewer.tokenHolder])
            guard favourite == true else { return }
            for var update in updates {
                update.viewer = problem.viewer
                try update.insert(db, onConflict: .ignore)
            }
        }
    }

    /// The favourites that could not be checked: `viewer`'s, or everyone's (nil), by name.
    public func watchProblems(for viewer: Viewer?) async throws(StoreError) -> [WatchProblem] {
        if let viewer, viewer.partition == nil { return [] }
        let account = viewer?.partition
        return try await read { db in
            try WatchProblem.fetchAll(
                db,
                sql: """
                    SELECT watchProblem.* FROM watchProblem
                    WHERE (? IS NULL OR account = ?)
                    AND repositoryID IN (SELECT repositoryID FROM favorite WHERE favorite.account = watchProblem.account)
                    ORDER BY fullName
                    """, arguments: [account, account])
        }
    }
}
