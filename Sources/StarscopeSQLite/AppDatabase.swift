import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

/// Starscope's SQLite database: the response cache, favourites, star history and avatar index.
///
/// One entry point over any GRDB writer: a `DatabasePool` (WAL) on disk in the data directory,
/// or an in-memory queue for tests.
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter
    /// Small answers kept for a second, forgotten on every write (`RecentReads`).
    let recentReads = RecentReads()
    /// The data directory, for a database on disk: its caches give way when the disk is full.
    let directory: URL?

    /// Opens (or creates) the database and brings its schema up to date.
    public init(_ writer: any DatabaseWriter, directory: URL? = nil) throws(StoreError) {
        self.writer = writer
        self.directory = directory
        do {
            // A store a newer Starscope wrote is refused before anything is written to it.
            if try writer.read({ db in try Self.migrator.hasBeenSuperseded(db) }) { throw StoreError.newerStore }
            try Self.migrator.migrate(writer)
        } catch StoreError.newerStore {
            throw .newerStore
        } catch {
            throw .cannotOpen(path: writer.path, reason: String(describing: error))
        }
    }

    /// The database file `starscope.sqlite` in `directory`, created with the directory if needed.
    ///
    /// The directory is made 0700 and the database's files 0600 every time, whatever the umask
    /// and whatever they were: the file is created 0600 before SQLite opens it, and SQLite gives
    /// the `-wal` and `-shm` files it creates the database file's mode.
    public static func open(directory: URL) throws(StoreError) -> AppDatabase {
        let path = directory.appendingPathComponent("starscope.sqlite").path
        let companions = [path + "-wal", path + "-shm"]
        do {
            try PrivateFiles.directory(directory)
            try PrivateFiles.file(path, create: true)
            for companion in companions { try PrivateFiles.file(companion, create: false) }
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let database = try AppDatabase(DatabasePool(path: path, configuration: configuration), directory: directory)
            for companion in companions { try PrivateFiles.file(companion, create: false) }
            return database
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotOpen(path: path, reason: String(describing: error))
        }
    }

    /// An empty database in memory.
    public static func inMemory() throws(StoreError) -> AppDatabase {
        do {
            return try AppDatabase(DatabaseQueue())
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotOpen(path: ":memory:", reason: String(describing: error))
        }
    }

    /// Runs `updates` in one transaction. When the disk is full, Starscope's own caches give way
    /// (`giveWay`) and it is tried once more; still full, it is refused whole with `.diskFull`.
    func write<T: Sendable>(_ updates: @Sendable @escaping (Database) throws -> T) async throws(StoreError) -> T {
        defer { recentReads.forget() }
        do {
            return try await writer.write(updates)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            await giveWay()
            do {
                return try await writer.write(updates)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
                throw .diskFull
            } catch {
                throw .database(String(describing: error))
            }
        } catch {
            throw .database(String(describing: error))
        }
    }

    package func read<T: Sendable>(_ value: @Sendable @escaping (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await writer.read(value)
        } catch {
            throw .database(String(describing: error))
        }
    }

    /// `PRAGMA integrity_check` says "ok".
    public func isIntact() async throws(StoreError) -> Bool {
        try await read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" }
    }
}
