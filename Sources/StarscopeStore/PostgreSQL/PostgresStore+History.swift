import Foundation
import PostgresNIO
import StarscopeModels

extension PostgresStore {
    public func observe(_ repositories: [Repository], at date: Date = Date()) async throws(StoreError) {
        guard !repositories.isEmpty else { return }
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
            for repository in repositories {
                let snapshot = Data(repository.jsonObject.bytes)
                if last[repository.id] != repository.stargazersCount {
                    _ = try await connection.all(
                        """
                        INSERT INTO starSample (repositoryID, fullName, recordedAt, stars)
                        VALUES (\(repository.id), \(repository.fullName), \(date), \(repository.stargazersCount))
                        ON CONFLICT (repositoryID, recordedAt) DO UPDATE SET fullName = excluded.fullName, stars = excluded.stars
                        """)
                }
                if favorites.contains(repository.id) {
                    _ = try await connection.all(
                        """
                        UPDATE favorite SET fullName = \(repository.fullName), snapshot = \(snapshot), updatedAt = \(date)
                        WHERE repositoryID = \(repository.id)
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

    public func snapshot(fullName: String) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)? {
        var rows = try await self.rows(
            """
            SELECT snapshot, fetchedAt FROM repositorySnapshot WHERE lower(fullName) = lower(\(fullName))
            ORDER BY fetchedAt DESC LIMIT 1
            """)
        if rows.isEmpty {
            rows = try await self.rows("SELECT snapshot, updatedAt FROM favorite WHERE lower(fullName) = lower(\(fullName)) LIMIT 1")
        }
        guard let row = rows.first else { return nil }
        let (data, date) = try Self.decode(row, (Data, Date).self)
        guard let repository = try? JSONDecoder.gitHub().decode(Repository.self, from: data) else { return nil }
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
