import Foundation
import GRDB
import StarscopeStore

extension AppDatabase {
    public func keepFormOutcome(_ value: Data, id: String, for viewer: Viewer, until: Date, now: Date) async throws(StoreError) {
        guard let account = viewer.stored, value.count <= FormOutcomeLimits.largest else { return }
        try await write { db in
            try db.execute(sql: "DELETE FROM formOutcome WHERE expiresAt <= ?", arguments: [now.stored])
            try db.execute(
                sql: "INSERT OR REPLACE INTO formOutcome (id, account, value, keptAt, expiresAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, account, value, now.stored, until.stored])
            try db.execute(
                sql: """
                    DELETE FROM formOutcome WHERE account = ? AND id NOT IN
                    (SELECT id FROM formOutcome WHERE account = ? ORDER BY keptAt DESC, rowid DESC LIMIT ?)
                    """,
                arguments: [account, account, FormOutcomeLimits.perViewer])
        }
    }

    public func formOutcome(id: String, for viewer: Viewer, now: Date) async throws(StoreError) -> Data? {
        guard let account = viewer.stored else { return nil }
        return try await read { db in
            try Data.fetchOne(
                db, sql: "SELECT value FROM formOutcome WHERE id = ? AND account = ? AND expiresAt > ?",
                arguments: [id, account, now.stored])
        }
    }
}
