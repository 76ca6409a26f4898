import Foundation
import GRDB
import StarscopeStore

/// `starscope backup` and `restore`: SQLite's online backup, through GRDB, both ways.
extension AppDatabase {
    /// A consistent copy of the whole store in `file`, taken while a server reads and writes it:
    /// written beside `file` (0600) and renamed over it once whole, so `file` is never half a copy.
    public func backup(to file: URL) throws(StoreError) {
        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent)-\(UUID().uuidString)")
        do {
            try PrivateFiles.file(partial.path, create: true)
            let copy = try DatabaseQueue(path: partial.path)
            try writer.backup(to: copy)
            try copy.close()
            guard rename(partial.path, file.path) == 0 else { throw StoreError.file(path: file.path, reason: PrivateFiles.lastError) }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            if let error = error as? StoreError { throw error }
            throw .file(path: file.path, reason: "the copy could not be written (\(error))")
        }
    }

    /// How many favourites the store holds, of every account, and how many accounts (the owner
    /// counted as one) they belong to: what `backup` and `restore` report.
    public func favoriteCounts() async throws(StoreError) -> (favorites: Int, accounts: Int, ownerOnly: Bool) {
        try await read { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT count(*) AS favorites, count(DISTINCT account) AS accounts, max(account != '') AS others FROM favorite")
            return (row?["favorites"] ?? 0, row?["accounts"] ?? 0, (row?["others"] as Int?) != 1)
        }
    }

    /// Why `restore` refused, in a sentence each.
    public enum RestoreRefusal: Error, Equatable, Sendable {
        /// A running server holds the store.
        case inUse
        /// The file is not a whole Starscope store.
        case notAStore(String)
    }

    /// Replaces the store in `directory` with the rows of the copy in `file`, then brings it up
    /// to date. Refused while a server holds the store; the file is only read.
    ///
    /// The file is checked first: a Starscope store, whole, not written by a newer Starscope, and
    /// made of exactly what this version's migrations make of it (no trigger, view, table or index
    /// of anyone else's, no column changed): anything else is refused with a sentence naming it.
    /// Its rows are then copied table by table into a store the migrations made, so nothing of the
    /// file's own schema is ever kept; its sessions are not (`notRestored`).
    public static func restore(from file: URL, into directory: URL) throws -> AppDatabase {
        // The file is read once, into a private copy beside the store: what is checked is what is
        // restored (the file cannot change in between), and SQLite writes nothing beside the file.
        try PrivateFiles.directory(directory)
        let snapshot = directory.appendingPathComponent(".restore-\(UUID().uuidString).source")
        defer { removeDatabase(at: snapshot) }
        do {
            try FileManager.default.copyItem(at: file, to: snapshot)
            try PrivateFiles.file(snapshot.path, create: false)
        } catch {
            throw RestoreRefusal.notAStore("it cannot be read")
        }
        let version = try checkedVersion(of: snapshot)
        guard let lock = try StoreLock.alone(directory: directory) else { throw RestoreRefusal.inUse }
        let staging = directory.appendingPathComponent(".restore-\(UUID().uuidString).sqlite")
        defer { removeDatabase(at: staging) }
        let store = try AppDatabase.open(directory: directory)
        do {
            try PrivateFiles.file(staging.path, create: true)
            let copy = try DatabaseQueue(path: staging.path)
            try migrator.migrate(copy, upTo: version)
            try copyRows(of: snapshot, into: copy)
            try migrator.migrate(copy)
            try copy.backup(to: store.writer)
            try copy.close()
        } catch let refusal as RestoreRefusal {
            throw refusal
        } catch {
            throw StoreError.database("the copy could not be put back (\(error))")
        }
        withExtendedLifetime(lock) {}
        return store
    }

    /// The newest migration of the store in `file`, once it is checked: a Starscope store, whole,
    /// not written by a newer Starscope, and of exactly the schema the migrations make up to there.
    static func checkedVersion(of file: URL) throws -> String {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            // A doctored file's views and triggers may call no function with side effects.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA trusted_schema = OFF") }
            let source = try DatabaseQueue(path: file.path, configuration: configuration)
            defer { try? source.close() }
            let checked = try source.read { db -> Result<String, RestoreRefusal> in
                guard try db.tableExists("grdb_migrations"), try db.tableExists("favorite") else {
                    return .failure(.notAStore("it is not a Starscope store"))
                }
                guard try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" else { return .failure(.notAStore("it is damaged")) }
                guard try !migrator.hasBeenSuperseded(db) else { return .failure(.notAStore("a newer Starscope wrote it")) }
                guard let last = try migrator.completedMigrations(db).last else {
                    return .failure(.notAStore("it is not a Starscope store"))
                }
                return .success(last)
            }
            let version = try checked.get()
            if let difference = try schemaDifference(of: source, version: version) { throw RestoreRefusal.notAStore(difference) }
            return version
        } catch let refusal as RestoreRefusal {
            throw refusal
        } catch {
            throw RestoreRefusal.notAStore("it is not an SQLite database Starscope can read")
        }
    }

    /// Deletes a database file and whatever SQLite kept beside it.
    private static func removeDatabase(at url: URL) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }

    /// Why the schema of `source` is not what this version's migrations make up to `version`
    /// (its newest migration), or nil when it is exactly that.
    static func schemaDifference(of source: DatabaseQueue, version: String) throws -> String? {
        let reference = try DatabaseQueue()
        try migrator.migrate(reference, upTo: version)
        let expected = try reference.read(SchemaShape.read)
        return expected.difference(from: try source.read(SchemaShape.read))
    }

    /// Tables whose rows a restore leaves behind: a session is a key to an account, which a
    /// doctored file could hold for a secret its author knows (everyone signs in again after a
    /// restore; tokens stay sealed), and a lease belongs to processes that are gone.
    static let notRestored: Set<String> = ["webSession", "lease"]

    /// Copies every row of every table of the (checked) store in `file` into `copy`, a store the
    /// migrations made to the same version, column by named column (but `notRestored`). Its
    /// foreign keys are checked once every table is in.
    static func copyRows(of file: URL, into copy: DatabaseQueue) throws {
        try copy.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "ATTACH DATABASE ? AS restored", arguments: [file.path])
            try db.inTransaction {
                let tables = try String.fetchAll(
                    db,
                    sql: "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                        + " AND name != 'grdb_migrations' ORDER BY name")
                for table in tables where !notRestored.contains(table) {
                    let columns = try String.fetchAll(
                        db, sql: "SELECT name FROM pragma_table_xinfo(?, 'main') WHERE hidden = 0", arguments: [table]
                    ).map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                    let name = table.quotedDatabaseIdentifier
                    try db.execute(sql: "INSERT INTO main.\(name) (\(columns)) SELECT \(columns) FROM restored.\(name)")
                }
                return .commit
            }
            try db.execute(sql: "DETACH DATABASE restored")
            if let orphan = try String.fetchOne(db, sql: "SELECT \"table\" FROM pragma_foreign_key_check") {
                throw RestoreRefusal.notAStore("its table “\(SchemaShape.printable(orphan))” has rows that belong to none")
            }
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
    }
}
