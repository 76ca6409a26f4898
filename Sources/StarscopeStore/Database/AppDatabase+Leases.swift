import Foundation
import GRDB

extension AppDatabase: Store {
    /// One server process uses a SQLite file at a time; within it, `RecentAnswers` already
    /// shares each refresh.
    public var isShared: Bool { false }

    public func ping() async throws(StoreError) {
        _ = try await read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func claimLease(_ name: String, holder: String, until: Date, now: Date) async throws(StoreError) -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO lease (name, holder, expiresAt) VALUES (?, ?, ?)
                    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expiresAt = excluded.expiresAt
                    WHERE lease.holder = excluded.holder OR lease.expiresAt <= ?
                    """,
                arguments: [name, holder, until.stored, now.stored])
            return db.changesCount > 0
        }
    }

    public func releaseLease(_ name: String, holder: String) async throws(StoreError) {
        try await write { db in
            try db.execute(sql: "DELETE FROM lease WHERE name = ? AND holder = ?", arguments: [name, holder])
        }
    }
}
