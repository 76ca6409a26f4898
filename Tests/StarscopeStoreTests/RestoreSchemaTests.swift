import Foundation
import GRDB
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopeSQLite
@testable import StarscopeStore

/// `restore` takes rows, never schema: a backup doctored to carry a trigger, a view, a table, an
/// index or a changed column is refused with a sentence naming what it holds, and the store it
/// would have replaced is left as it was; a clean backup (of this version or an earlier one) comes
/// back whole, as the migrations make it.
@Suite struct RestoreSchemaTests {
    static let mona = Viewer.account(AccountKey("#42"))

    /// A store with favourites of the owner and of an account, a note, tags and a session, and its backup.
    static func backup() async throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-restore-\(UUID().uuidString)")
        let store = try AppDatabase.open(directory: directory.appendingPathComponent("data"))
        try await store.addFavorite(makeRepository(1, "o/one"), for: .owner)
        try await store.addFavorite(makeRepository(2, "o/two"), for: mona, at: Date())
        _ = try await store.setNote("kept note", fullName: "o/one", for: .owner)
        try await store.changeTags(["x", "y"], remove: false, fullName: "o/one", for: .owner)
        try await store.saveSession(WebSession(secretHash: "hash-of-mona", viewer: mona, createdAt: Date(), expiresAt: Date() + 3_600))
        let file = directory.appendingPathComponent("backup.sqlite")
        try store.backup(to: file)
        try store.writer.close()
        return (directory, file)
    }

    /// Changes the backup in `file` with `sql`, as someone with sqlite3 would.
    static func doctor(_ file: URL, _ sql: String) throws {
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
        try queue.close()
    }

    static let doctorings: [(sql: String, refusal: String)] = [
        (
            """
            CREATE TRIGGER plant AFTER INSERT ON webSession BEGIN
            INSERT OR REPLACE INTO webSession VALUES ('known', NEW.account, NEW.createdAt, '2099-01-01 00:00:00.000'); END
            """,
            "it holds a trigger “plant” that Starscope does not make"
        ),
        ("CREATE VIEW everything AS SELECT * FROM account", "it holds a view “everything” that Starscope does not make"),
        ("CREATE TABLE extra (x)", "it holds a table “extra” that Starscope does not make"),
        ("CREATE INDEX favoriteByNote ON favorite (note)", "it holds an index “favoriteByNote” that Starscope does not make"),
        (
            """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, '''system''', '''dark''') WHERE name = 'account';
            PRAGMA writable_schema = OFF;
            """,
            "its table “account” is not as Starscope makes it"
        ),
        (
            "CREATE TRIGGER \"a\u{1B}[2Jb\nc\" AFTER DELETE ON favorite BEGIN SELECT 1; END",
            "it holds a trigger “a?[2Jb?c” that Starscope does not make"
        ),
    ]

    @Test(arguments: 0..<doctorings.count) func aDoctoredBackupIsRefusedAndChangesNothing(index: Int) async throws {
        let (sql, refusal) = Self.doctorings[index]
        let (directory, file) = try await Self.backup()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.doctor(file, sql)
        let target = directory.appendingPathComponent("target")
        let existing = try AppDatabase.open(directory: target)
        try await existing.addFavorite(makeRepository(9, "o/existing"), for: .owner)
        try existing.writer.close()

        #expect(throws: AppDatabase.RestoreRefusal.notAStore(refusal)) { try AppDatabase.restore(from: file, into: target) }
        let after = try AppDatabase.open(directory: target)
        #expect(try await after.favorites(for: .owner, tag: nil).map(\.repository.fullName) == ["o/existing"])
        let objects = try await after.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('trigger', 'view')")
        }
        #expect(objects.isEmpty)
    }

    @Test func aCleanBackupComesBackWholeAsTheMigrationsMakeIt() async throws {
        let (directory, file) = try await Self.backup()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target")
        let store = try AppDatabase.restore(from: file, into: target)
        let owners = try await store.favorites(for: .owner, tag: nil)
        #expect(owners.map(\.repository.fullName) == ["o/one"])
        #expect(owners.first?.note == "kept note" && owners.first?.tags.sorted() == ["x", "y"])
        #expect(try await store.favorites(for: Self.mona, tag: nil).map(\.repository.fullName) == ["o/two"])
        // Sessions are not restored: a file could hold one for a secret its author knows.
        #expect(try await store.writer.read { db in try String.fetchAll(db, sql: "SELECT secretHash FROM webSession") }.isEmpty)
        let reference = try DatabaseQueue()
        try AppDatabase.migrator.migrate(reference)
        let expected = try await reference.read(SchemaShape.read)
        let restored = try await store.writer.read(SchemaShape.read)
        #expect(expected == restored)
        // Restored once more over itself: the same rows, none twice.
        try store.writer.close()
        let again = try AppDatabase.restore(from: file, into: target)
        #expect(try await again.favorites(for: .owner, tag: nil).count == 1)
        // Only the restored store is left: the staging copy is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).filter { $0.hasPrefix(".restore-") }.isEmpty)
    }

    @Test func aBackupOfAnEarlierStarscopeRestores() async throws {
        let fixtures = StoreFixtureTests.folder
        let versions = try StoreFixtureTests.versions()
        try #require(!versions.isEmpty)
        for version in versions {
            let target = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-restore-old-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: target) }
            let file = fixtures.appendingPathComponent("\(version).sqlite")
            let store = try AppDatabase.restore(from: file, into: target)
            // The file is only read: SQLite left nothing beside it.
            for suffix in ["-wal", "-shm", "-journal"] { #expect(!FileManager.default.fileExists(atPath: file.path + suffix)) }
            let expected = try #require(try StoreFixtureTests.expected(version)["sqlite"])
            try await StoreFixtureTests.expectIntact(store, expected, sessionsKept: false)
        }
    }
}
