import Foundation
import PostgresNIO
import StarscopeModels
import StarscopeStore

/// Tags' descriptions and public marks, and what each GitHub List held after the last sync.
extension PostgresStore {
    public func describeTag(_ tag: String, as description: String, for viewer: Viewer) async throws(StoreError) {
        let account = try viewer.writablePartition()
        try await transaction { connection in
            try await Self.makeTagInfo(tag, account: account, connection)
            _ = try await connection.all(
                "UPDATE tagInfo SET description = \(description) WHERE account = \(account) AND lower(tag) = lower(\(tag))")
            try await Self.dropEmptyTagInfo(tag, account: account, connection)
        }
    }

    public func setTagPublic(_ tag: String, _ isPublic: Bool, for viewer: Viewer) async throws(StoreError) {
        let account = try viewer.writablePartition()
        try await transaction { connection in
            try await Self.makeTagInfo(tag, account: account, connection)
            _ = try await connection.all(
                "UPDATE tagInfo SET isPublic = \(isPublic) WHERE account = \(account) AND lower(tag) = lower(\(tag))")
            try await Self.dropEmptyTagInfo(tag, account: account, connection)
        }
    }

    /// A tag's row, made with the spelling its favourites give the tag.
    static func makeTagInfo(_ tag: String, account: String, _ connection: PostgresConnection) async throws {
        _ = try await connection.all(
            """
            INSERT INTO tagInfo (account, tag, description, isPublic)
            VALUES (\(account), coalesce((SELECT min(tag) FROM favoriteTag WHERE account = \(account) AND lower(tag) = lower(\(tag))), \(tag)),
                '', false)
            ON CONFLICT DO NOTHING
            """)
    }

    /// Drops a tag's row that says nothing any more.
    static func dropEmptyTagInfo(_ tag: String, account: String, _ connection: PostgresConnection) async throws {
        _ = try await connection.all(
            "DELETE FROM tagInfo WHERE account = \(account) AND lower(tag) = lower(\(tag)) AND description = '' AND NOT isPublic")
    }

    public func listSyncBases(for viewer: Viewer) async throws(StoreError) -> [ListSyncBase] {
        guard let account = viewer.partition else { return [] }
        let rows = try await self.rows(
            "SELECT listID, tag, description, members FROM listSync WHERE account = \(account) ORDER BY lower(tag)")
        return try rows.map { row throws(StoreError) in
            let (listID, tag, description, members) = try Self.decode(row, (String?, String, String, String).self)
            return ListSyncBase(
                listID: listID, tag: tag, description: description, members: members.split(separator: "\n").map(String.init))
        }
    }

    public func replaceListSyncBases(_ bases: [ListSyncBase], for viewer: Viewer) async throws(StoreError) {
        let account = try viewer.writablePartition()
        try await transaction { connection in
            _ = try await connection.all("DELETE FROM listSync WHERE account = \(account)")
            for base in bases {
                _ = try await connection.all(
                    """
                    INSERT INTO listSync (account, tag, listID, description, members)
                    VALUES (\(account), \(base.tag), \(base.listID), \(base.description), \(base.members.joined(separator: "\n")))
                    ON CONFLICT (account, lower(tag)) DO UPDATE SET listID = excluded.listID, description = excluded.description,
                        members = excluded.members
                    """)
            }
        }
    }
}
