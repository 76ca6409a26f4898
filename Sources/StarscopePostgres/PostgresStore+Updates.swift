import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

extension PostgresStore {
    public func watch(repositoryID: Int64, for viewer: Viewer) async throws(StoreError) -> RepositoryWatch? {
        let account = viewer.tokenHolder
        let rows = try await rows(
            """
            SELECT repositoryID, fullName, stars, archived, latestRelease, checkedAt FROM (
                SELECT 0 AS kept, repositoryID, fullName, stars, archived, latestRelease, checkedAt FROM accountWatch
                WHERE account = \(account) AND repositoryID = \(repositoryID)
                UNION ALL
                SELECT 1, repositoryID, fullName, stars, archived, latestRelease, checkedAt FROM repositoryWatch
                WHERE repositoryID = \(repositoryID)
            ) AS watches ORDER BY kept LIMIT 1
            """)
        return try rows.first.map { row throws(StoreError) in
            let (id, name, stars, archived, release, checkedAt) = try Self.decode(row, (Int64, String, Int, Bool, String?, Date).self)
            return RepositoryWatch(
                repositoryID: id, fullName: name, stars: stars, archived: archived, latestRelease: release, checkedAt: checkedAt)
        }
    }

    public func record(_ watch: RepositoryWatch, updates: [Update], of repository: Repository, checkedFor viewer: Viewer)
        async throws(StoreError)
    {
        let only = Viewer.mayShare(repository) ? nil : viewer.tokenHolder
        try await transaction { connection in
            if let only {
                // Not shared: kept for the checking account alone, and gone from the shared table.
                _ = try await connection.all(
                    """
                    INSERT INTO accountWatch (account, repositoryID, fullName, stars, archived, latestRelease, checkedAt)
                    VALUES (\(only), \(watch.repositoryID), \(watch.fullName), \(watch.stars), \(watch.archived), \(watch.latestRelease),
                    \(watch.checkedAt.milliseconds))
                    ON CONFLICT (account, repositoryID) DO UPDATE SET fullName = excluded.fullName, stars = excluded.stars,
                    archived = excluded.archived, latestRelease = excluded.latestRelease, checkedAt = excluded.checkedAt
                    """)
                _ = try await connection.all("DELETE FROM repositoryWatch WHERE repositoryID = \(watch.repositoryID)")
            } else {
                _ = try await connection.all(
                    """
                    INSERT INTO repositoryWatch (repositoryID, fullName, stars, archived, latestRelease, checkedAt)
                    VALUES (\(watch.repositoryID), \(watch.fullName), \(watch.stars), \(watch.archived), \(watch.latestRelease),
                    \(watch.checkedAt.milliseconds))
                    ON CONFLICT (repositoryID) DO UPDATE SET fullName = excluded.fullName, stars = excluded.stars,
                    archived = excluded.archived, latestRelease = excluded.latestRelease, checkedAt = excluded.checkedAt
                    """)
                _ = try await connection.all("DELETE FROM accountWatch WHERE repositoryID = \(watch.repositoryID)")
            }
            // A repository seen again has no problem any more (for the checking account, or for
            // everyone when it is public).
            _ = try await connection.all(
                "DELETE FROM watchProblem WHERE repositoryID = \(watch.repositoryID) AND (\(only)::text IS NULL OR account = \(only))")
            let accounts = try await connection.all(
                "SELECT account FROM favorite WHERE repositoryID = \(watch.repositoryID) AND (\(only)::text IS NULL OR account = \(only))"
            ).map {
                try $0.decode(String.self)
            }
            for account in accounts {
                try await Self.insert(updates, account: account, on: connection)
            }
        }
    }

    /// Gives `updates` to `account`, each once (by its key).
    static func insert(_ updates: [Update], account: String, on connection: PostgresConnection) async throws {
        for update in updates {
            _ = try await connection.all(
                """
                INSERT INTO updateEvent (account, key, kind, repositoryID, fullName, occurredAt, summary, htmlURL, seen)
                VALUES (\(account), \(update.key), \(update.kind.rawValue), \(update.repositoryID), \(update.fullName),
                \(update.occurredAt.milliseconds), \(update.summary), \(update.htmlURL), \(update.seen))
                ON CONFLICT (account, key) DO NOTHING
                """)
        }
    }

    /// See `AppDatabase.record(_:updates:)` for problems: the checking account's alone.
    public func record(_ problem: WatchProblem, updates: [Update]) async throws(StoreError) {
        let account = problem.viewer.tokenHolder
        try await transaction { connection in
            _ = try await connection.all(
                """
                INSERT INTO watchProblem (account, repositoryID, fullName, problem, gone, since, checkedAt)
                VALUES (\(account), \(problem.repositoryID), \(problem.fullName), \(problem.problem), \(problem.gone),
                \(problem.since.milliseconds), \(problem.checkedAt.milliseconds))
                ON CONFLICT (account, repositoryID) DO UPDATE SET fullName = excluded.fullName, problem = excluded.problem,
                gone = excluded.gone, since = excluded.since, checkedAt = excluded.checkedAt
                """)
            let favourite = try await connection.all(
                "SELECT 1 FROM favorite WHERE repositoryID = \(problem.repositoryID) AND account = \(account)")
            guard !favourite.isEmpty else { return }
            try await Self.insert(updates, account: account, on: connection)
        }
    }

    public func watchProblems(for viewer: Viewer?) async throws(StoreError) -> [WatchProblem] {
        if let viewer, viewer.partition == nil { return [] }
        let only = viewer?.partition
        let rows = try await rows(
            """
            SELECT account, repositoryID, fullName, problem, gone, since, checkedAt FROM watchProblem
            WHERE (\(only)::text IS NULL OR account = \(only))
            AND repositoryID IN (SELECT repositoryID FROM favorite WHERE favorite.account = watchProblem.account)
            ORDER BY fullName
            """)
        var problems: [WatchProblem] = []
        for row in rows {
            let (owner, id, name, problem, gone, since, checkedAt) = try Self.decode(
                row, (String, Int64, String, String, Bool, Date, Date).self)
            problems.append(
                WatchProblem(
                    for: Viewer(stored: owner), repositoryID: id, fullName: name, problem: problem, gone: gone, since: since,
                    checkedAt: checkedAt))
        }
        return problems
    }

    public func viewersWithFavorites() async throws(StoreError) -> [Viewer] {
        try await rows("SELECT DISTINCT account FROM favorite ORDER BY account").map { row throws(StoreError) in
            Viewer(stored: try Self.decode(row, String.self))
        }
    }

    public func watchedRepositories(for viewer: Viewer?) async throws(StoreError) -> [(id: Int64, fullName: String)] {
        if let viewer, viewer.partition == nil { return [] }
        let only = viewer?.partition
        return try await rows(
            """
            SELECT repositoryID, MIN(fullName) FROM favorite WHERE (\(only)::text IS NULL OR account = \(only))
            GROUP BY repositoryID ORDER BY repositoryID
            """
        ).map {
            row throws(StoreError) in
            let (id, name) = try Self.decode(row, (Int64, String).self)
            return (id: id, fullName: name)
        }
    }

    public func updates(for viewer: Viewer, unseenOnly: Bool, since: Date?) async throws(StoreError) -> [Update] {
        guard let account = viewer.partition else { return [] }
        let rows = try await rows(
            """
            SELECT id, account, key, kind, repositoryID, fullName, occurredAt, summary, htmlURL, seen FROM updateEvent
            WHERE account = \(account) AND (NOT \(unseenOnly) OR NOT seen)
            AND occurredAt >= \(since?.milliseconds ?? Date.distantPast)
            ORDER BY occurredAt DESC, id DESC
            """)
        var updates: [Update] = []
        for row in rows {
            let (id, account, key, kind, repositoryID, fullName, occurredAt, summary, htmlURL, seen) = try Self.decode(
                row, (Int64, String, String, String, Int64, String, Date, String, String, Bool).self)
            guard let kind = Update.Kind(rawValue: kind) else { continue }
            var update = Update(
                key: key, kind: kind, repositoryID: repositoryID, fullName: fullName, occurredAt: occurredAt,
                summary: summary, htmlURL: htmlURL)
            update.id = id
            update.viewer = Viewer(stored: account)
            update.seen = seen
            updates.append(update)
        }
        return updates
    }

    public func unseenUpdateCount(for viewer: Viewer) async throws(StoreError) -> Int {
        guard let account = viewer.partition else { return 0 }
        guard let row = try await rows("SELECT COUNT(*) FROM updateEvent WHERE account = \(account) AND NOT seen").first
        else { return 0 }
        return try Self.decode(row, Int.self)
    }

    public func markUpdatesSeen(for viewer: Viewer, ids: [Int64]) async throws(StoreError) {
        let account = try viewer.writablePartition()
        guard !ids.isEmpty else { return }
        try await execute("UPDATE updateEvent SET seen = true WHERE account = \(account) AND id = ANY(\(ids))")
    }
}
