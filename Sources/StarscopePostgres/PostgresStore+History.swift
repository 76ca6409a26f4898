import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

extension PostgresStore {
    /// See `AppDatabase.observe`: what may be shared is, anything else touches only the favourite
    /// of the account whose token read it.
    public func observe(_ repositories: [Repository], for viewer: Viewer, at date: Date) async throws(StoreError) {
        guard !repositories.isEmpty else { return }
        let account = viewer.tokenHolder
        let date = date.milliseconds
        try await transaction { connection in
            let ids = repositories.map(\.id)
            var last: [Int64: Int] = [:]
            let rows = try await connection.all(
                """
                SELECT DISTINCT ON (repositoryID) repositoryID, stars FROM starSample
                WHERE repositoryID = ANY(\(ids)) ORDER BY repositoryID, recordedAt DESC
                """)
            for row in rows {
                let (id, stars) = try row.decode((Int64, Int).self)
                last[id] = stars
            }
            let favorites = Set(
                try await connection.all("SELECT DISTINCT repositoryID FROM favorite WHERE repositoryID = ANY(\(ids))").map {
                    try $0.decode(Int64.self)
                })
            let lowerNames = repositories.map { $0.fullName.lowercased() }
            let named = Set(
                try await connection.all("SELECT DISTINCT lower(fullName) FROM favorite WHERE lower(fullName) = ANY(\(lowerNames))").map {
                    try $0.decode(String.self)
                })
            for repository in repositories {
                let snapshot = Data(repository.jsonBytes)
                let scope: String? = Viewer.mayShare(repository) ? nil : account
                if named.contains(repository.fullName.lowercased()) {
                    try await Self.replaceImported(by: repository, snapshot: snapshot, account: scope, at: date, on: connection)
                }
                if favorites.contains(repository.id) {
                    if let scope {
                        _ = try await connection.all(
                            """
                            UPDATE favorite SET fullName = \(repository.fullName), snapshot = \(snapshot), updatedAt = \(date)
                            WHERE repositoryID = \(repository.id) AND account = \(scope)
                            """)
                    } else {
                        _ = try await connection.all(
                            """
                            UPDATE favorite SET fullName = \(repository.fullName), snapshot = \(snapshot), updatedAt = \(date)
                            WHERE repositoryID = \(repository.id)
                            """)
                    }
                }
                // Only what anyone may see is shared: history, Rising and the snapshot others read.
                guard Viewer.mayShare(repository) else { continue }
                if last[repository.id] != repository.stargazersCount {
                    _ = try await connection.all(
                        """
                        INSERT INTO starSample (repositoryID, fullName, recordedAt, stars)
                        VALUES (\(repository.id), \(repository.fullName), \(date), \(repository.stargazersCount))
                        ON CONFLICT (repositoryID, recordedAt) DO UPDATE SET fullName = excluded.fullName, stars = excluded.stars
                        """)
                }
                _ = try await connection.all(
                    """
                    INSERT INTO repositorySnapshot (repositoryID, fullName, snapshot, fetchedAt)
                    VALUES (\(repository.id), \(repository.fullName), \(snapshot), \(date))
                    ON CONFLICT (repositoryID) DO UPDATE SET fullName = excluded.fullName, snapshot = excluded.snapshot,
                    fetchedAt = excluded.fetchedAt
                    """)
            }
        }
    }

    /// See `AppDatabase.replaceImported`.
    static func replaceImported(
        by repository: Repository, snapshot: Data, account: String?, at date: Date, on connection: PostgresConnection
    )
        async throws
    {
        let rows = try await connection.all(
            """
            SELECT account, repositoryID FROM favorite f WHERE lower(fullName) = lower(\(repository.fullName))
            AND repositoryID != \(repository.id) AND (\(account)::text IS NULL OR account = \(account))
            AND NOT EXISTS (SELECT 1 FROM favorite g WHERE g.account = f.account AND g.repositoryID = \(repository.id))
            """)
        for row in rows {
            let (owner, old) = try row.decode((String, Int64).self)
            _ = try await connection.all(
                "UPDATE favorite SET fullName = fullName || ' (replaced)' WHERE account = \(owner) AND repositoryID = \(old)")
            _ = try await connection.all(
                """
                INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub)
                SELECT account, \(repository.id), \(repository.fullName), \(snapshot), addedAt, \(date), note, starredOnGitHub
                FROM favorite WHERE account = \(owner) AND repositoryID = \(old)
                """)
            _ = try await connection.all(
                "UPDATE favoriteTag SET repositoryID = \(repository.id) WHERE account = \(owner) AND repositoryID = \(old)")
            _ = try await connection.all("DELETE FROM favorite WHERE account = \(owner) AND repositoryID = \(old)")
        }
    }

    public func snapshot(fullName: String, for viewer: Viewer) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)? {
        var rows = try await self.rows(
            """
            SELECT snapshot, fetchedAt FROM repositorySnapshot WHERE lower(fullName) = lower(\(fullName))
            ORDER BY fetchedAt DESC LIMIT 1
            """)
        if rows.isEmpty, let account = viewer.partition {
            rows = try await self.rows(
                """
                SELECT snapshot, updatedAt FROM favorite WHERE account = \(account) AND lower(fullName) = lower(\(fullName))
                LIMIT 1
                """)
        }
        guard let row = rows.first else { return nil }
        let (data, date) = try Self.decode(row, (Data, Date).self)
        guard
            let repository = try? GitHubJSON.decode(Repository.self, from: data)
        else { return nil }
        return (repository, date)
    }

    public func starHistory(repositoryID: Int64) async throws(StoreError) -> [StarSample] {
        try await starHistories(repositoryIDs: [repositoryID])[repositoryID] ?? []
    }

    public func starHistories(repositoryIDs: [Int64]) async throws(StoreError) -> [Int64: [StarSample]] {
        guard !repositoryIDs.isEmpty else { return [:] }
        let rows = try await self.rows(
            """
            SELECT repositoryID, fullName, recordedAt, stars FROM starSample WHERE repositoryID = ANY(\(repositoryIDs))
            ORDER BY recordedAt
            """)
        let samples = try rows.map { row throws(StoreError) in
            let (id, name, at, stars) = try Self.decode(row, (Int64, String, Date, Int).self)
            return StarSample(repositoryID: id, fullName: name, recordedAt: at, stars: stars)
        }
        return Dictionary(grouping: samples, by: \.repositoryID)
    }

    public func observeSample(repositoryID: Int64, fullName: String, stars: Int, at date: Date) async throws(StoreError) {
        try await record([StarSample(repositoryID: repositoryID, fullName: fullName, recordedAt: date, stars: stars)])
    }

    public func record(_ samples: [StarSample]) async throws(StoreError) {
        try await transaction { connection in
            for sample in samples {
                _ = try await connection.all(
                    """
                    INSERT INTO starSample (repositoryID, fullName, recordedAt, stars)
                    VALUES (\(sample.repositoryID), \(sample.fullName), \(sample.recordedAt.milliseconds), \(sample.stars))
                    ON CONFLICT (repositoryID, recordedAt) DO UPDATE SET fullName = excluded.fullName, stars = excluded.stars
                    """)
            }
        }
    }

    public func starGains(since: Date) async throws(StoreError) -> [StarGain] {
        let since = since.milliseconds
        let rows = try await self.rows(
            """
            WITH latest AS (
                SELECT repositoryID, MAX(recordedAt) AS at FROM starSample GROUP BY repositoryID
            ), before AS (
                SELECT repositoryID, MAX(recordedAt) AS at FROM starSample WHERE recordedAt <= \(since) GROUP BY repositoryID
            ), after AS (
                SELECT repositoryID, MIN(recordedAt) AS at FROM starSample WHERE recordedAt > \(since) GROUP BY repositoryID
            )
            SELECT latest.repositoryID, l.stars, l.recordedAt, b.stars, b.recordedAt, s.snapshot
            FROM latest
            JOIN starSample l ON l.repositoryID = latest.repositoryID AND l.recordedAt = latest.at
            LEFT JOIN before ON before.repositoryID = latest.repositoryID
            LEFT JOIN after ON after.repositoryID = latest.repositoryID
            JOIN starSample b ON b.repositoryID = latest.repositoryID AND b.recordedAt = COALESCE(before.at, after.at)
            JOIN repositorySnapshot s ON s.repositoryID = latest.repositoryID
            """)
        let decoder = JSONDecoder.gitHub()
        var gains: [StarGain] = []
        for row in rows {
            let (id, stored, latestAt, storedBase, baseAt, data) = try Self.decode(row, (Int64, Int, Date, Int, Date, Data).self)
            let (latest, base) = (Count.clamped(stored), Count.clamped(storedBase))
            guard var repository = try? decoder.decode(Repository.self, from: data) else { continue }
            repository.stargazersCount = latest
            gains.append(
                StarGain(repositoryID: id, repository: repository, gained: latest - base, stars: latest, from: baseAt, to: latestAt))
        }
        return gains
    }

    public func oldestStarSample() async throws(StoreError) -> Date? {
        guard let row = try await rows("SELECT MIN(recordedAt) FROM starSample").first else { return nil }
        return try Self.decode(row, Date?.self)
    }
}
