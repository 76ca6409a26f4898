import Foundation
import GRDB
import Logging
import PostgresNIO
import StarscopeTestSupport
import Testing

@testable import StarscopePostgres
@testable import StarscopeSQLite
@testable import StarscopeStore

/// A store a newer Starscope wrote (a migration this one does not know) is refused with one
/// sentence and left as it was, on both stores.
@Suite struct NewerStoreTests {
    static let future = "v999: from a later Starscope"

    @Test func sqliteRefusesANewerStoreUntouched() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-newer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AppDatabase.open(directory: directory)
        try await store.addFavorite(makeRepository(1, "o/one"), for: .owner)
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [Self.future])
        }
        try store.writer.close()
        let file = directory.appendingPathComponent("starscope.sqlite")
        /// The schema, the migrations applied and the favourites, as they are on disk.
        func contents() throws -> [String] {
            let queue = try DatabaseQueue(path: file.path)
            defer { try? queue.close() }
            return try queue.read { db in
                try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
                    + String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                    + String.fetchAll(db, sql: "SELECT fullName FROM favorite")
            }
        }
        let before = try contents()
        #expect(throws: StoreError.newerStore) { try AppDatabase.open(directory: directory) }
        #expect(try contents() == before)
        #expect(before.contains(Self.future) && before.contains("o/one"))
        #expect(
            StoreError.newerStore.message
                == "This store was written by a newer Starscope; it is left untouched: run that version or a later one.")
    }

    @Test func postgresRefusesANewerStoreUntouched() async throws {
        let url = try await TestPostgres.newDatabase()
        let store = try await PostgresStore.open(url: url)
        try await store.addFavorite(makeRepository(1, "o/one"), for: .owner)
        _ = try await store.rows("INSERT INTO schemaMigration (identifier) VALUES (\(Self.future))")
        store.close()
        await #expect(throws: StoreError.newerStore) { try await PostgresStore.open(url: url) }
        let client = PostgresClient(configuration: try PostgresURL.configuration(url), backgroundLogger: Logger(label: "test.postgres"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            var migrations = 0
            for try await count in try await client.query("SELECT count(*) FROM schemaMigration").decode(Int.self) { migrations = count }
            #expect(migrations == PostgresMigrations.all.count + 1, "nothing applied, nothing removed")
            var favorites = 0
            for try await count in try await client.query("SELECT count(*) FROM favorite").decode(Int.self) { favorites = count }
            #expect(favorites == 1)
            group.cancelAll()
        }
    }
}
