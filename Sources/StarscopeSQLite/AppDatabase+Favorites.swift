import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

/// Favourites are kept per account: "" is the one user of a server without accounts, and the
/// terminal's; with `serve --accounts`, each login has its own.
extension AppDatabase {
    /// Adds a favourite, or refreshes its snapshot if it is one already.
    @discardableResult
    public func addFavorite(_ repository: Repository, for viewer: Viewer, at date: Date) async throws(StoreError) -> Bool {
        let account = try viewer.writablePartition()
        return try await write { db in
            let key = FavoriteRecord.key(account: account, repositoryID: repository.id)
            if let existing = try FavoriteRecord.fetchOne(db, key: key) {
                try FavoriteRecord(
                    repository: repository, account: account, addedAt: existing.addedAt, updatedAt: date, note: existing.note,
                    starredOnGitHub: existing.starredOnGitHub
                )
                .update(db)
                return false
            }
            // A renamed repository keeps its id; a name reused by another id replaces the old entry.
            try db.execute(
                sql: "DELETE FROM favorite WHERE account = ? AND fullName = ? COLLATE NOCASE", arguments: [account, repository.fullName])
            try FavoriteRecord(repository: repository, account: account, addedAt: date, updatedAt: date).insert(db)
            return true
        }
    }

    /// Removes the favourite called `fullName` (any case); false when there was none. It is kept
    /// as it was (note, tags, dates) for `Favorite.undoWindow`, for `restoreFavorite`.
    @discardableResult
    public func removeFavorite(fullName: String, for viewer: Viewer, at date: Date) async throws(StoreError) -> Bool {
        let account = try viewer.writablePartition()
        return try await write { db in
            try db.execute(
                sql: "DELETE FROM removedFavorite WHERE removedAt < ?", arguments: [(date - Favorite.undoWindow).stored])
            guard
                let record = try FavoriteRecord.filter(sql: "account = ? AND fullName = ? COLLATE NOCASE", arguments: [account, fullName])
                    .fetchOne(db)
            else { return false }
            let tags = try Self.tags(account: account, repositoryID: record.repositoryID, in: db)
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO removedFavorite
                    (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, tags, starredOnGitHub, removedAt)
                    SELECT account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, ?, starredOnGitHub, ?
                    FROM favorite WHERE account = ? AND repositoryID = ?
                    """,
                arguments: [tags.joined(separator: "\n"), date.stored, account, record.repositoryID])
            try db.execute(sql: "DELETE FROM favorite WHERE account = ? AND repositoryID = ?", arguments: [account, record.repositoryID])
            return true
        }
    }

    /// Brings back the favourite called `fullName` (any case) removed at `since` or later, exactly
    /// as it was (note, tags, added date, star mark); false when there is none to bring back, or
    /// it is a favourite again.
    @discardableResult
    public func restoreFavorite(fullName: String, for viewer: Viewer, removedSince since: Date) async throws(StoreError) -> Bool {
        let account = try viewer.writablePartition()
        return try await write { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT repositoryID, fullName, tags FROM removedFavorite
                        WHERE account = ? AND fullName = ? COLLATE NOCASE AND removedAt >= ? ORDER BY removedAt DESC LIMIT 1
                        """,
                    arguments: [account, fullName, since.stored])
            else { return false }
            let id: Int64 = row["repositoryID"]
            let name: String = row["fullName"]
            let taken =
                try Bool.fetchOne(
                    db,
                    sql: "SELECT EXISTS(SELECT 1 FROM favorite WHERE account = ? AND (repositoryID = ? OR fullName = ? COLLATE NOCASE))",
                    arguments: [account, id, name]) ?? false
            guard !taken else { return false }
            try db.execute(
                sql: """
                    INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub)
                    SELECT account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub
                    FROM removedFavorite WHERE account = ? AND repositoryID = ?
                    """,
                arguments: [account, id])
            let tags: String = row["tags"]
            for tag in tags.split(separator: "\n") {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO favoriteTag (account, repositoryID, tag) VALUES (?, ?, ?)",
                    arguments: [account, id, String(tag)])
            }
            try db.execute(sql: "DELETE FROM removedFavorite WHERE account = ? AND repositoryID = ?", arguments: [account, id])
            return true
        }
    }

    /// Every favourite, most recently added first; with `tag`, only those carrying it (any case).
    public func favorites(for viewer: Viewer, tag: String?) async throws(StoreError) -> [Favorite] {
        guard let account = viewer.partition else { return [] }
        return try await read { db in
            let tags = try Self.tags(account: account, in: db)
            var request = FavoriteRecord.filter(sql: "account = ?", arguments: [account])
            if let tag {
                request = request.filter(
                    sql: "repositoryID IN (SELECT repositoryID FROM favoriteTag WHERE account = ? AND tag = ? COLLATE NOCASE)",
                    arguments: [account, tag])
            }
            return try request.order(Column("addedAt").desc, Column("fullName")).fetchAll(db).map {
                try $0.favorite(tags: tags[$0.repositoryID] ?? [])
            }
        }
    }

    public func favorite(fullName: String, for viewer: Viewer) async throws(StoreError) -> Favorite? {
        guard let account = viewer.partition else { return nil }
        return try await read { db in
            guard
                let record = try FavoriteRecord.filter(sql: "account = ? AND fullName = ? COLLATE NOCASE", arguments: [account, fullName])
                    .fetchOne(db)
            else { return nil }
            return try record.favorite(tags: try Self.tags(account: account, repositoryID: record.repositoryID, in: db))
        }
    }

    /// See `Store.insertFavorites`: every entry in one write transaction.
    public func insertFavorites(_ entries: [ImportedFavorite], for viewer: Viewer, starredOnGitHub: Bool?, at date: Date)
        async throws(StoreError)
        -> (added: [String], existing: [String])
    {
        let account = try viewer.writablePartition()
        return try await write { db in
            var added: [String] = []
            var existing: [String] = []
            for entry in entries {
                let repository = entry.repository
                let taken =
                    try Bool.fetchOne(
                        db,
                        sql:
                            "SELECT EXISTS(SELECT 1 FROM favorite WHERE account = ? AND (repositoryID = ? OR fullName = ? COLLATE NOCASE))",
                        arguments: [account, repository.id, repository.fullName]) ?? false
                if taken {
                    existing.append(repository.fullName)
                } else {
                    try FavoriteRecord(
                        repository: repository, account: account, addedAt: entry.addedAt ?? date, updatedAt: date, note: entry.note,
                        starredOnGitHub: starredOnGitHub
                    ).insert(db)
                    for tag in entry.tags {
                        try db.execute(
                            sql: "INSERT OR IGNORE INTO favoriteTag (account, repositoryID, tag) VALUES (?, ?, ?)",
                            arguments: [account, repository.id, tag])
                    }
                    added.append(repository.fullName)
                }
                if let starredOnGitHub {
                    try db.execute(
                        sql: "UPDATE favorite SET starredOnGitHub = ? WHERE account = ? AND repositoryID = ?",
                        arguments: [starredOnGitHub, account, repository.id])
                }
            }
            return (added, existing)
        }
    }

    /// Records what GitHub says of a favourite's star (no change when it is not a favourite).
    public func setStarredOnGitHub(_ starred: Bool, repositoryID: Int64, for viewer: Viewer) async throws(StoreError) {
        let account = try viewer.writablePartition()
        return try await write { db in
            try db.execute(
                sql: "UPDATE favorite SET starredOnGitHub = ? WHERE account = ? AND repositoryID = ?",
                arguments: [starred, account, repositoryID])
        }
    }

    /// Replaces a favourite's note ("" clears it); false when it is not a favourite.
    @discardableResult
    public func setNote(_ note: String, fullName: String, for viewer: Viewer) async throws(StoreError) -> Bool {
        let account = try viewer.writablePartition()
        return try await write { db in
            try db.execute(
                sql: "UPDATE favorite SET note = ? WHERE account = ? AND fullName = ? COLLATE NOCASE", arguments: [note, account, fullName])
            return db.changesCount > 0
        }
    }

    /// Adds `tags` to a favourite (or removes them); false when it is not a favourite.
    @discardableResult
    public func changeTags(_ tags: [String], remove: Bool, fullName: String, for viewer: Viewer) async throws(StoreError)
        -> Bool
    {
        let account = try viewer.writablePartition()
        return try await write { db in
            guard
                let id = try Int64.fetchOne(
                    db, sql: "SELECT repositoryID FROM favorite WHERE account = ? AND fullName = ? COLLATE NOCASE",
                    arguments: [account, fullName])
            else { return false }
            for tag in tags {
                try db.execute(
                    sql: remove
                        ? "DELETE FROM favoriteTag WHERE account = ? AND repositoryID = ? AND tag = ? COLLATE NOCASE"
                        : "INSERT OR IGNORE INTO favoriteTag (account, repositoryID, tag) VALUES (?, ?, ?)",
                    arguments: [account, id, tag])
            }
            return true
        }
    }

    /// Every tag in use or described, with its description and how many favourites carry it.
    public func favoriteTags(for viewer: Viewer) async throws(StoreError) -> [TagSummary] {
        guard let account = viewer.partition else { return [] }
        return try await read { db in
            let inUse = try Row.fetchAll(
                db, sql: "SELECT min(tag) AS tag, COUNT(*) AS n FROM favoriteTag WHERE account = ? GROUP BY tag COLLATE NOCASE",
                arguments: [account]
            ).map { (tag: $0["tag"] as String, count: $0["n"] as Int) }
            let described = try Row.fetchAll(
                db, sql: "SELECT tag, description, isPublic FROM tagInfo WHERE account = ?", arguments: [account]
            ).map { (tag: $0["tag"] as String, description: $0["description"] as String, isPublic: $0["isPublic"] as Bool) }
            return TagSummary.merge(inUse: inUse, described: described)
        }
    }

    public func describeTag(_ tag: String, as description: String, for viewer: Viewer) async throws(StoreError) {
        try await changeTagInfo(tag, column: "description", to: description, for: viewer)
    }

    public func setTagPublic(_ tag: String, _ isPublic: Bool, for viewer: Viewer) async throws(StoreError) {
        try await changeTagInfo(tag, column: "isPublic", to: isPublic, for: viewer)
    }

    /// Sets one column of a tag's row (made with the spelling its favourites give the tag), and
    /// drops a row that says nothing any more.
    private func changeTagInfo(_ tag: String, column: String, to value: some DatabaseValueConvertible & Sendable, for viewer: Viewer)
        async throws(StoreError)
    {
        let account = try viewer.writablePartition()
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO tagInfo (account, tag, description, isPublic)
                    VALUES (?, coalesce((SELECT tag FROM favoriteTag WHERE account = ? AND tag = ? LIMIT 1), ?), '', 0)
                    ON CONFLICT (account, tag) DO NOTHING
                    """,
                arguments: [account, account, tag, tag])
            try db.execute(sql: "UPDATE tagInfo SET \(column) = ? WHERE account = ? AND tag = ?", arguments: [value, account, tag])
            try db.execute(
                sql: "DELETE FROM tagInfo WHERE account = ? AND tag = ? AND description = '' AND NOT isPublic", arguments: [account, tag])
        }
    }

    public func listSyncBases(for viewer: Viewer) async throws(StoreError) -> [ListSyncBase] {
        guard let account = viewer.partition else { return [] }
        return try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT listID, tag, description, members FROM listSync WHERE account = ? ORDER BY lower(tag)",
                arguments: [account]
            ).map { row in
                let members: String = row["members"]
                return ListSyncBase(
                    listID: row["listID"], tag: row["tag"], description: row["description"],
                    members: members.split(separator: "\n").map(String.init))
            }
        }
    }

    public func replaceListSyncBases(_ bases: [ListSyncBase], for viewer: Viewer) async throws(StoreError) {
        let account = try viewer.writablePartition()
        try await write { db in
            try db.execute(sql: "DELETE FROM listSync WHERE account = ?", arguments: [account])
            for base in bases {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO listSync (account, tag, listID, description, members) VALUES (?, ?, ?, ?, ?)",
                    arguments: [account, base.tag, base.listID, base.description, base.members.joined(separator: "\n")])
            }
        }
    }

    static func tags(account: String, repositoryID: Int64? = nil, in db: Database) throws -> [Int64: [String]] {
        var sql = "SELECT repositoryID, tag FROM favoriteTag WHERE account = ?"
        var arguments: StatementArguments = [account]
        if let repositoryID {
            sql += " AND repositoryID = ?"
            arguments += [repositoryID]
        }
        var tags: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db, sql: sql + " ORDER BY tag COLLATE NOCASE", arguments: arguments) {
            tags[row["repositoryID"], default: []].append(row["tag"])
        }
        return tags
    }

    static func tags(account: String, repositoryID: Int64, in db: Database) throws -> [String] {
        try tags(account: account, repositoryID: .some(repositoryID), in: db)[repositoryID] ?? []
    }

    /// The ids of every favourite, to mark them in lists.
    public func favoriteIDs(for viewer: Viewer) async throws(StoreError) -> Set<Int64> {
        guard let account = viewer.partition else { return [] }
        return try await recentReads.value("favoriteIDs " + account.lowercased()) { () async throws(StoreError) in
            try await read { db in
                Set(try Int64.fetchAll(db, sql: "SELECT repositoryID FROM favorite WHERE account = ?", arguments: [account]))
            }
        }
    }

    /// Refreshes the favourites' snapshots from what GitHub said (fetched for `account`): a public
    /// repository's for every account, a private one's for `account` alone. A favourite of the
    /// same name under another id (imported from a file) becomes GitHub's repository, keeping its
    /// note, tags and dates.
    func refreshFavoriteSnapshots(_ repositories: [Repository], account: String, at date: Date, in db: Database) throws {
        let ids = Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT repositoryID FROM favorite"))
        let names = Set(try String.fetchAll(db, sql: "SELECT DISTINCT lower(fullName) FROM favorite"))
        for repository in repositories {
            let snapshot = Data(repository.jsonBytes)
            let scope = Viewer.mayShare(repository) ? nil : account
            if names.contains(repository.fullName.lowercased()) {
                try replaceImported(by: repository, snapshot: snapshot, account: scope, at: date, in: db)
            }
            guard ids.contains(repository.id) else { continue }
            if let scope {
                try db.execute(
                    sql: "UPDATE favorite SET fullName = ?, snapshot = ?, updatedAt = ? WHERE repositoryID = ? AND account = ?",
                    arguments: [repository.fullName, snapshot, date.stored, repository.id, scope])
            } else {
                try db.execute(
                    sql: "UPDATE favorite SET fullName = ?, snapshot = ?, updatedAt = ? WHERE repositoryID = ?",
                    arguments: [repository.fullName, snapshot, date.stored, repository.id])
            }
        }
    }

    /// Favourites named like `repository` under another id (of `account`, or of any account when
    /// nil) become `repository`: the row is copied under GitHub's id with its note, tags, dates
    /// and star mark, then the old one goes.
    private func replaceImported(by repository: Repository, snapshot: Data, account: String?, at date: Date, in db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT account, repositoryID FROM favorite f WHERE fullName = ? COLLATE NOCASE AND repositoryID != ?
                AND NOT EXISTS (SELECT 1 FROM favorite g WHERE g.account = f.account AND g.repositoryID = ?)
                """ + (account == nil ? "" : " AND account = ?"),
            arguments: StatementArguments(
                [repository.fullName, repository.id, repository.id] + (account.map { [$0] } ?? []) as [any DatabaseValueConvertible]))
        for row in rows {
            let owner: String = row["account"]
            let old: Int64 = row["repositoryID"]
            try db.execute(
                sql: "UPDATE favorite SET fullName = fullName || ' (replaced)' WHERE account = ? AND repositoryID = ?",
                arguments: [owner, old])
            try db.execute(
                sql: """
                    INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note, starredOnGitHub)
                    SELECT account, ?, ?, ?, addedAt, ?, note, starredOnGitHub FROM favorite WHERE account = ? AND repositoryID = ?
                    """,
                arguments: [repository.id, repository.fullName, snapshot, date.stored, owner, old])
            try db.execute(
                sql: "UPDATE favoriteTag SET repositoryID = ? WHERE account = ? AND repositoryID = ?",
                arguments: [repository.id, owner, old])
            try db.execute(sql: "DELETE FROM favorite WHERE account = ? AND repositoryID = ?", arguments: [owner, old])
        }
    }
}
