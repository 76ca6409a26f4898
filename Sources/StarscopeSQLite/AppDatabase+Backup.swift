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

    /// Why `restore` refused, in a sentence each.
    public enum RestoreRefusal: Error, Equatable, Sendable {
        /// A running server holds the store.
        case inUse
        /// The file is not a whole Starscope store.
        case notAStore(String)
    }

    /// Replaces the store in `directory` with the copy in `file` (checked first: a Starscope store,
    /// whole, not written by a newer Starscope), then brings it up to date. Refused while a server
    /// holds the store; the file is only read.
    public static func restore(from file: URL, into directory: URL) throws -> AppDatabase {
        let source: DatabaseQueue
        do {
            var configuration = Configuration()
            configuration.readonly = true
            source = try DatabaseQueue(path: file.path, configuration: configuration)
            let checked = try source.read { db -> String? in
                guard try db.tableExists("grdb_migrations"), try db.tableExists("favorite") else { return "it is not a Starscope store" }
                guard try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" else { return "it is damaged" }
                return try migrator.hasBeenSuperseded(db) ? "a newer Starscope wrote it" : nil
            }
            if let checked { throw RestoreRefusal.notAStore(checked) }
        } catch let refusal as RestoreRefusal {
            throw refusal
        } catch {
            throw RestoreRefusal.notAStore("it is not an SQLite database Starscope can read")
        }
        guard let lock = try StoreLock.alone(directory: directory) else { throw RestoreRefusal.inUse }
        let store = try AppDatabase.open(directory: directory)
        do {
            try source.backup(to: store.writer)
            try migrator.migrate(store.writer)
        } catch {
            throw StoreError.database("the copy could not be put back (\(error))")
        }
        withExtendedLifetime(lock) {}
        return store
    }
}
