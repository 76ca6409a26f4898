import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopePostgres
@testable import StarscopeSQLite
@testable import StarscopeStore

/// Stores written by earlier Starscopes (`Tests/Fixtures/stores/`, made by
/// `scripts/make-store-fixtures` with each release's build: an SQLite file and a `pg_dump`) open
/// with this one, every favourite, tag, note, update, session and star count intact. The dump is
/// restored into an empty database as docs/DEPLOY.md's backup steps do.
@Suite struct StoreFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/stores").standardized

    struct Expected: Decodable {
        var favorites: [String]
        var tagged: String
        var tags: [String]
        var note: String
        var removed: String
        var session: String
        var release: String
        var written_at: Double
    }

    static func versions() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(".json".count)) }.sorted()
    }

    static func expected(_ version: String) throws -> [String: Expected] {
        try JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: folder.appendingPathComponent("\(version).json")))
    }

    /// `sessionsKept`: false after a restore, which leaves sessions behind (`AppDatabase.notRestored`).
    static func expectIntact(_ store: any Store, _ expected: Expected, sessionsKept: Bool = true) async throws {
        let favorites = try await store.favorites(for: .owner, tag: nil)
        #expect(favorites.map(\.repository.fullName).sorted() == expected.favorites)
        let tagged = try #require(favorites.first { $0.repository.fullName == expected.tagged })
        #expect(tagged.tags.sorted() == expected.tags)
        #expect(tagged.note == expected.note)
        #expect(!favorites.contains { $0.repository.fullName == expected.removed })
        let writtenAt = Date(timeIntervalSince1970: expected.written_at)
        #expect(try await store.session(secret: expected.session, now: writtenAt)?.account == (sessionsKept ? "" : nil))
        let updates = try await store.updates(for: .owner, unseenOnly: false, since: nil)
        #expect(updates.contains { $0.fullName == expected.tagged && $0.summary.contains(expected.release) }, "\(updates)")
        #expect(try await !store.starHistory(repositoryID: tagged.repository.id).isEmpty)
    }

    @Test func everySQLiteStoreOfAnEarlierStarscopeOpensIntact() async throws {
        let versions = try Self.versions()
        try #require(!versions.isEmpty)
        for version in versions {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-fixture-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Self.folder.appendingPathComponent("\(version).sqlite"), to: directory.appendingPathComponent("starscope.sqlite"))
            let store = try AppDatabase.open(directory: directory)
            #expect(try await store.isIntact())
            try await Self.expectIntact(store, try #require(try Self.expected(version)["sqlite"]))
        }
    }

    @Test func everyPostgresDumpOfAnEarlierStarscopeRestoresAndOpensIntact() async throws {
        for version in try Self.versions() {
            let url = try await TestPostgres.newDatabase()
            let target = url.replacingOccurrences(of: "?sslmode=disable", with: "")
            let dump = Self.folder.appendingPathComponent("\(version).postgres.sql").path
            let restore = try SpawnedProcess.start(
                "/usr/bin/psql", ["-q", "-v", "ON_ERROR_STOP=1", target, "-f", dump], environment: ["PATH": "/usr/bin:/bin"])
            #expect(restore.waitForExit() == 0)
            let store = try await PostgresStore.open(url: url)
            defer { store.close() }
            try await Self.expectIntact(store, try #require(try Self.expected(version)["postgres"]))
        }
    }
}
