import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

extension PostgresStore {
    public func addFavorite(_ repository: Repository, for viewer: Viewer, at date: Date) async throws(StoreError) -> Bool {
        let account = try viewer.writablePartition()
        let snapshot = Data(repository.jsonBytes)
        let date = date.milliseconds
        return try await transaction { connection in
            let updated = try await connection.all(
                """
                UPDATE favorite SET fullName = \(repository.fullName), snapshot = \(snapshot), updatedAt = \(date)
                WHERE account = \(account) AND repositoryID = \(repository.id) RETURNING 1
                """)
            guard updated.isEmpty else { return false }
            // A renamed repository keeps its id; a name reused by another id replaces the old entry.
            _ = try await connection.all(
                "DELETE FROM favorite WHERE account = \(account) AND lower(fullName) = lower(\(repository.fullName))")
            _ = try await connection.all(
                """
                INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt)
                VALUES (\(account), \(repository.id), \(repository.fullName), \(snapshot), \(date), \(date))
                """)
            return true
        }
    }

    public func removeFavorite(fullName: String, for viewer: Viewer, at date: Date) async throws(StoreError) -> Bool {
        let account = try viewer.writablePartition()
        let date = date.milliseconds
        return try await transaction { connection in
            _ = try await connection.all("DELETE FROM removedFavorite WHERE removedAt < \(date - Favorite.undoWindow)")
            let found = try await connection.all(
                "SELECT repositoryID FROM favorite WHERE account = \(account) AND lower(fullName) = lower(\(fullName))")
            guard let row = found.first else { return false }
            let id = try row.decode(Int64.self)
            let tags = try await connection.all(
                "SELECT tag FROM favoriteTag WHERE account = \(account) AND repositoryID = \(id) ORDER BY lower(tag)"
            ).map { try $0.decode(String.self) }
            _ = try await connection.all(
                """
                INSERT INTO removedFavorite
                (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, tags, starredOnGitHub, removedAt)
                SELECT account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, \(tags.joined(separator: "\n")),
                starredOnGitHub, \(date) FROM favorite WHERE account = \(account) AND repositoryID = \(id)
                ON CONFLICT (account, repositoryID) DO UPDATE SET fullName = excluded.fullName, snapshot = excluded.snapshot,
                addedAt = excluded.addedAt, updatedAt = excluded.updatedAt, note = excluded.note, tags = excluded.tags,
                starredOnGitHub = excluded.starredOnGitHub, removedAt = excluded.removedAt
                """)
            _ = try await connection.all("DELETE FROM favorite WHERE account = \(account) AND repositoryID = \(id)")
            return true
        }
    }

    public func restoreFavorite(fullName: String, for viewer: Viewer, removedSince since: Date) async throws(StoreError) -> Bool {
        let account = try viewer.writablePartition()
        let since = since.milliseconds
        return try await transaction { connection in
            let found = try await connection.all(
                """
                SELECT repositoryID, fullName, tags FROM removedFavorite
                WHERE account = \(account) AND lower(fullName) = lower(\(fullName)) AND removedAt >= \(since)
                ORDER BY removedAt DESC LIMIT 1
                """)
            guard let row = found.first else { return false }
            let (id, name, tags) = try row.decode((Int64, String, String).self)
            let taken = try await connection.all(
                "SELECT 1 FROM favorite WHERE account = \(account) AND (repositoryID = \(id) OR lower(fullName) = lower(\(name)))")
            guard taken.isEmpty else { return false }
            _ = try await connection.all(
                """
                INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub)
                SELECT account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub
                FROM removedFavorite WHERE account = \(account) AND repositoryID = \(id)
                """)
            for tag in tags.split(separator: "\n") {
                _ = try await connection.all(
                    "INSERT INTO favoriteTag (account, repositoryID, tag) VALUES (\(account), \(id), \(String(tag))) ON CONFLICT DO NOTHING"
                )
            }
            _ = try await connection.all("DELETE FROM removedFavorite WHERE account = \(account) AND repositoryID = \(id)")
            return true
        }
    }

    public func favorites(for viewer: Viewer, tag: String?) async throws(StoreError) -> [Favorite] {
        guard let account = viewer.partition else { return [] }
        let tags = try await tagsByRepository(account: account, repositoryID: nil)
        let rows: [PostgresRow]
        if let tag {
            rows = try await self.rows(
                """
                SELECT \(unescaped: Self.favoriteColumns) FROM favorite WHERE account = \(account) AND repositoryID IN
                (SELECT repositoryID FROM favoriteTag WHERE account = \(account) AND lower(tag) = lower(\(tag)))
                ORDER BY addedAt DESC, lower(fullName)
                """)
        } else {
            rows = try await self.rows(
                "SELECT \(unescaped: Self.favoriteColumns) FROM favorite WHERE account = \(account) ORDER BY addedAt DESC, lower(fullName)")
        }
        return try rows.map { row throws(StoreError) in try Self.favorite(row, tags: tags) }
    }

    public func favorite(fullName: String, for viewer: Viewer) async throws(StoreError) -> Favorite? {
        guard let account = viewer.partition else { return nil }
        let rows = try await self.rows(
            "SELECT \(unescaped: Self.favoriteColumns) FROM favorite WHERE account = \(account) AND lower(fullName) = lower(\(fullName))")
        guard let row = rows.first else { return nil }
        let (id, _, _, _, _, _, _) = try Self.decode(row, (Int64, String, Data, Date, Date, String, Bool?).self)
        return try Self.favorite(row, tags: try await tagsByRepository(account: account, repositoryID: id))
    }

    /// See `Store.insertFavorites`: every entry in one transaction.
    public func insertFavorites(_ entries: [ImportedFavorite], for viewer: Viewer, starredOnGitHub: Bool?, at date: Date)
        async throws(StoreError)
        -> (added: [String], existing: [String])
    {
        let account = try viewer.writablePartition()
        let date = date.milliseconds
        return try await transaction { connection in
            var added: [String] = []
            var existing: [String] = []
            for entry in entries {
                let repository = entry.repository
                let taken = try await connection.all(
                    """
                    SELECT 1 FROM favorite WHERE account = \(account)
                    AND (repositoryID = \(repository.id) OR lower(fullName) = lower(\(repository.fullName)))
                    """)
                if taken.isEmpty {
                    let snapshot = Data(repository.jsonBytes)
                    let addedAt = entry.addedAt?.milliseconds ?? date
                    _ = try await connection.all(
                        """
                        INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub)
                        VALUES (\(account), \(repository.id), \(repository.fullName), \(snapshot), \(addedAt), \(date), \(entry.note),
                        \(starredOnGitHub))
                        """)
                    for tag in entry.tags {
                        _ = try await connection.all(
                            """
                            INSERT INTO favoriteTag (account, repositoryID, tag) VALUES (\(account), \(repository.id), \(tag))
                            ON CONFLICT DO NOTHING
                            """)
                    }
                    added.append(repository.fullName)
                } else {
                    existing.append(repository.fullName)
                }
                if let starredOnGitHub {
                    _ = try await connection.all(
                        """
                        UPDATE favorite SET starredOnGitHub = \(starredOnGitHub) WHERE account = \(account) AND repositoryID = \(repository.id)
                        """)
                }
            }
            return (added, existing)
        }
    }

    public func setStarredOnGitHub(_ starred: Bool, repositoryID: Int64, for viewer: Viewer) async throws(StoreError) {
        let account = try viewer.writablePartition()
        try await execute(
            "UPDATE favorite SET starredOnGitHub = \(starred) WHERE account = \(account) AND repositoryID = \(repositoryID)")
    }

    public func setNote(_ note: String, fullName: String, for viewer: Viewer) async throws(StoreError) -> Bool {
        let account = try viewer.writablePartition()
        return try await execute(
            """
            UPDATE favorite SET note = \(note) WHERE account = \(account) AND lower(fullName) = lower(\(fullName)) RETURNING 1
            """) > 0
    }

    public func changeTags(_ tags: [String], remove: Bool, fullName: String, for viewer: Viewer) async throws(StoreError)
        -> Bool
    {
        let account = try viewer.writablePartition()
        return try await transaction { connection in
            let found = try await connection.all(
                "SELECT repositoryID FROM favorite WHERE account = \(account) AND lower(fullName) = lower(\(fullName))")
            guard let row = found.first else { return false }
            let id = try row.decode(Int64.self)
            for tag in tags {
                if remove {
                    _ = try await connection.all(
                        "DELETE FROM favoriteTag WHERE account = \(account) AND repositoryID = \(id) AND lower(tag) = lower(\(tag))")
                } else {
                    _ = try await connection.all(
                        "INSERT INTO favoriteTag (account, repositoryID, tag) VALUES (\(account), \(id), \(tag)) ON CONFLICT DO NOTHING")
                }
            }
            return true
        }
    }

    public func favoriteTags(for viewer: Viewer) async throws(StoreError) -> [TagSummary] {
        guard let account = viewer.partition else { return [] }
        let inUse = try await self.rows("SELECT min(tag), COUNT(*) FROM favoriteTag WHERE account = \(account) GROUP BY lower(tag)")
            .map { row throws(StoreError) in
                let (tag, count) = try Self.decode(row, (String, Int).self)
                return (tag: tag, count: count)
            }
        let described = try await self.rows("SELECT tag, description, isPublic FROM tagInfo WHERE account = \(account)")
            .map { row throws(StoreError) in
                let (tag, description, isPublic) = try Self.decode(row, (String, String, Bool).self)
                return (tag: tag, description: description, isPublic: isPublic)
            }
        return TagSummary.merge(inUse: inUse, described: described)
    }

    public func favoriteIDs(for viewer: Viewer) async throws(StoreError) -> Set<Int64> {
        guard let account = viewer.partition else { return [] }
        let rows = try await self.rows("SELECT repositoryID FROM favorite WHERE account = \(account)")
        return Set(try rows.map { row throws(StoreError) in try Self.decode(row, Int64.self) })
    }

    static let favoriteColumns = "repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub"

    static func favorite(_ row: PostgresRow, tags: [Int64: [String]]) throws(StoreError) -> Favorite {
        let (id, _, snapshot, addedAt, updatedAt, note, starred) = try decode(row, (Int64, String, Data, Date, Date, String, Bool?).self)
        guard let repository = try? GitHubJSON.decode(Repository.self, from: snapshot) else {
            throw .database("a favourite's saved copy could not be read")
        }
        return Favorite(
            repository: repository, addedAt: addedAt, updatedAt: updatedAt, note: note, tags: tags[id] ?? [], starredOnGitHub: starred)
    }

    /// Tags by repository, each list sorted by name (any case).
    func tagsByRepository(account: String, repositoryID: Int64?) async throws(StoreError) -> [Int64: [String]] {
        let rows: [PostgresRow]
        if let repositoryID {
            rows = try await self.rows(
                """
                SELECT repositoryID, tag FROM favoriteTag WHERE account = \(account) AND repositoryID = \(repositoryID) ORDER BY lower(tag)
                """)
        } else {
            rows = try await self.rows("SELECT repositoryID, tag FROM favoriteTag WHERE account = \(account) ORDER BY lower(tag)")
        }
        var tags: [Int64: [String]] = [:]
        for row in rows {
            let (id, tag) = try Self.decode(row, (Int64, String).self)
            tags[id, default: []].append(tag)
        }
        return tags
    }

    /// Decodes a row's columns, as a store error.
    static func decode<each Column: PostgresDecodable>(_ row: PostgresRow, _ types: (repeat each Column).Type) throws(StoreError)
        -> (repeat each Column)
    {
        do {
            return try row.decode(types)
        } catch {
            throw .database("a stored value could not be read")
        }
    }

    static func decode<Column: PostgresDecodable>(_ row: PostgresRow, _ type: Column.Type) throws(StoreError) -> Column {
        do {
            return try row.decode(type)
        } catch {
            throw .database("a stored value could not be read")
        }
    }
}

extension Date {
    /// To the millisecond, as SQLite keeps dates, so both stores give back the same dates.
    var milliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000)
    }
}
