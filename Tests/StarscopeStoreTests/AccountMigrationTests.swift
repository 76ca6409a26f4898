import Foundation
import GRDB
import Logging
import PostgresNIO
import StarscopeTestSupport
import Testing

@testable import StarscopePostgres
@testable import StarscopeSQLite
@testable import StarscopeStore

/// v12: account ids over a store that already has accounts (keyed by login): they keep their
/// favourites and sessions, and their next sign-in binds them to GitHub's id.
@Suite struct AccountMigrationTests {
    static let day = Date(timeIntervalSince1970: 1_750_000_000)

    /// After the upgrade: the account is found by login with its login as key, then adopted.
    static func expectUpgraded(_ store: any Store, session secret: String) async throws {
        let legacy = try #require(try await store.account(login: "Mona"))
        #expect(legacy.userID == nil)
        #expect(legacy.key.rawValue == "mona")
        #expect(legacy.sealedToken == Data([1, 2, 3]))
        #expect(try await store.favoriteIDs(for: legacy.viewer) == [1])
        #expect(try await store.session(secret: secret, now: day + 1).map { Viewer(stored: $0.account) } == legacy.viewer)
        #expect(try await store.accountsKeyState() == AccountsKeyState(sealedTokens: 1, sample: Data([1, 2, 3]), check: nil))
        let adopted = try await store.signIn(userID: 9, login: "mona", sealedToken: Data([4]), at: day + 2)
        #expect(adopted == .adopted(try #require(try await store.account(key: AccountKey("#9")))))
        #expect(try await store.favoriteIDs(for: Viewer(stored: "#9")) == [1])
        #expect(try await store.favorite(fullName: "o/one", for: Viewer(stored: "#9"))?.note == "kept")
    }

    @Test func sqliteAccountsFromBeforeIDsKeepTheirData() async throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v11: GitHub star history")
        let (secret, session) = WebSession.make(for: Viewer(stored: "Mona"), lifetime: 3_600, now: Self.day)
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO account (login, sealedToken, createdAt, signedInAt) VALUES ('Mona', ?, ?, ?)",
                arguments: [Data([1, 2, 3]), Self.day.stored, Self.day.stored])
            try db.execute(
                sql: """
                    INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note)
                    VALUES ('Mona', 1, 'o/one', ?, ?, ?, 'kept')
                    """, arguments: [Data(makeRepository(1, "o/one").jsonBytes), Self.day.stored, Self.day.stored])
            try session.insert(db)
        }
        try await Self.expectUpgraded(try AppDatabase(queue), session: secret)
    }

    @Test func postgresAccountsFromBeforeIDsKeepTheirData() async throws {
        let url = try await TestPostgres.newDatabase()
        let client = PostgresClient(configuration: try PostgresURL.configuration(url), backgroundLogger: Logger(label: "test.postgres"))
        let (secret, session) = WebSession.make(for: Viewer(stored: "Mona"), lifetime: 3_600, now: Self.day)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            _ = try await client.query("CREATE TABLE schemaMigration (identifier text PRIMARY KEY)")
            for migration in PostgresMigrations.all.prefix(while: { $0.name != "v12: account ids" }) {
                for statement in migration.statements { _ = try await client.query(PostgresQuery(unsafeSQL: statement)) }
                _ = try await client.query("INSERT INTO schemaMigration (identifier) VALUES (\(migration.name))")
            }
            _ = try await client.query(
                "INSERT INTO account (login, sealedToken, createdAt, signedInAt) VALUES ('mona', \(Data([1, 2, 3])), \(Self.day), \(Self.day))"
            )
            _ = try await client.query(
                """
                INSERT INTO favorite (account, repositoryID, fullName, snapshot, addedAt, updatedAt, note)
                VALUES ('mona', 1, 'o/one', \(Data(makeRepository(1, "o/one").jsonBytes)), \(Self.day), \(Self.day), 'kept')
                """)
            _ = try await client.query(
                """
                INSERT INTO webSession (secretHash, account, createdAt, expiresAt)
                VALUES (\(session.secretHash), 'Mona', \(session.createdAt), \(session.expiresAt))
                """)
            group.cancelAll()
        }
        try await Self.expectUpgraded(try await PostgresStore.open(url: url), session: secret)
    }
}
