import Foundation
import GRDB
import PostgresNIO
import StarscopePostgres
import StarscopeSQLite
import StarscopeStore

/// Every row of every table of a store, as text: what a test searches to prove that something
/// is kept nowhere (text columns as they are, blobs read as UTF-8).
public enum StoreDump {
    public static func text(of store: any Store) async throws -> String {
        if let database = store as? AppDatabase {
            return try await database.read { db in
                var text = ""
                let tables = try String.fetchAll(
                    db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                for table in tables {
                    for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"") {
                        for (_, value) in row {
                            switch value.storage {
                            case .string(let string): text += string
                            case .blob(let data): text += String(decoding: data, as: UTF8.self)
                            default: text += value.description
                            }
                            text += "\t"
                        }
                        text += "\n"
                    }
                }
                return text
            }
        }
        if let postgres = store as? PostgresStore {
            var text = ""
            let tables = try await postgres.rows("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
            for row in tables {
                let table = try row.decode(String.self)
                // Each row as JSON text: bytea columns come out as hex, so they are turned back into text.
                let query = PostgresQuery(
                    unsafeSQL: """
                        SELECT (SELECT string_agg(CASE WHEN jsonb_typeof(value) = 'string' AND value #>> '{}' LIKE '\\\\x%'
                        THEN encode(decode(substr(value #>> '{}', 3), 'hex'), 'escape') ELSE value #>> '{}' END, E'\\t')
                        FROM jsonb_each(to_jsonb(t))) FROM "\(table)" t
                        """)
                for line in try await postgres.rows(query) {
                    text += (try line.decode(String?.self) ?? "") + "\n"
                }
            }
            return text
        }
        return ""
    }
}
