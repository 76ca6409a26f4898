import Foundation
import PostgresNIO
import StarscopeStore

extension PostgresStore {
    public func keepFormOutcome(_ value: Data, id: String, for viewer: Viewer, until: Date, now: Date) async throws(StoreError) {
        guard let account = viewer.stored, value.count <= FormOutcomeLimits.largest else { return }
        try await transaction { connection in
            _ = try await connection.all("DELETE FROM formOutcome WHERE expiresAt <= \(now.milliseconds)")
            _ = try await connection.all(
                """
                INSERT INTO formOutcome (id, account, value, keptAt, expiresAt)
                VALUES (\(id), \(account), \(value), \(now.milliseconds), \(until.milliseconds))
                ON CONFLICT (id) DO UPDATE SET account = excluded.account, value = excluded.value,
                keptAt = excluded.keptAt, expiresAt = excluded.expiresAt
                """)
            _ = try await connection.all(
                """
                DELETE FROM formOutcome WHERE account = \(account) AND id NOT IN
                (SELECT id FROM formOutcome WHERE account = \(account) ORDER BY keptAt DESC, id DESC LIMIT \(FormOutcomeLimits.perViewer))
                """)
        }
    }

    public func formOutcome(id: String, for viewer: Viewer, now: Date) async throws(StoreError) -> Data? {
        guard let account = viewer.stored else { return nil }
        let rows = try await rows(
            "SELECT value FROM formOutcome WHERE id = \(id) AND account = \(account) AND expiresAt > \(now.milliseconds)")
        return try rows.first.map { row throws(StoreError) in try Self.decode(row, Data.self) }
    }
}
