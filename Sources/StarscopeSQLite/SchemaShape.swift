import GRDB

/// What a database's schema is made of, read from SQLite itself: every table, index, view and
/// trigger by name, each table's columns (type, NOT NULL, default, key, hidden) and foreign keys,
/// and each index's columns, collations, order and uniqueness. Two databases with the same shape
/// hold the same kinds of rows under the same rules; `restore` compares a backup's shape with
/// what this version's migrations make, and refuses any other.
struct SchemaShape: Equatable {
    struct Object: Hashable, Comparable {
        var type: String
        var name: String

        static func < (lhs: Object, rhs: Object) -> Bool { (lhs.type, lhs.name) < (rhs.type, rhs.name) }
    }

    /// Each object and what it is made of (a view's or trigger's SQL, a table's or index's pragmas).
    var objects: [Object: [String]]

    /// The shape of the main schema of `db` (SQLite's own `sqlite_` tables left out).
    static func read(_ db: Database) throws -> SchemaShape {
        var objects: [Object: [String]] = [:]
        let rows = try Row.fetchAll(
            db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        for row in rows {
            let object = Object(type: row["type"] ?? "", name: row["name"] ?? "")
            switch object.type {
            case "table":
                objects[object] = try describe(db, pragmas: ["table_xinfo", "foreign_key_list", "index_list"], of: object.name)
            case "index":
                objects[object] = [row["tbl_name"] ?? ""] + (try describe(db, pragmas: ["index_xinfo"], of: object.name))
            default:
                // A view or a trigger is never what the migrations make: its text is enough to tell.
                objects[object] = [row["sql"] ?? ""]
            }
        }
        return SchemaShape(objects: objects)
    }

    /// Every row of each pragma about `name`, as text, in SQLite's order.
    private static func describe(_ db: Database, pragmas: [String], of name: String) throws -> [String] {
        var lines: [String] = []
        for pragma in pragmas {
            let quoted = name.quotedDatabaseIdentifier
            for row in try Row.fetchAll(db, sql: "PRAGMA main.\(pragma)(\(quoted))") {
                lines.append(pragma + ": " + row.databaseValues.map(\.description).joined(separator: " | "))
            }
        }
        return lines
    }

    /// Why `found` is not this shape, in a few words naming the first object that differs; nil
    /// when they are the same.
    func difference(from found: SchemaShape) -> String? {
        for object in found.objects.keys.sorted() where objects[object] == nil {
            return "it holds \(Self.article(object.type)) “\(Self.printable(object.name))” that Starscope does not make"
        }
        for object in objects.keys.sorted() {
            guard let theirs = found.objects[object] else {
                return "its \(object.type) “\(Self.printable(object.name))” is missing"
            }
            if theirs != objects[object] { return "its \(object.type) “\(Self.printable(object.name))” is not as Starscope makes it" }
        }
        return nil
    }

    private static func article(_ type: String) -> String {
        type == "index" ? "an index" : "a " + type
    }

    /// A name from the file, safe to print on one line: control and format characters (line
    /// breaks, escapes, direction marks) shown as `?`, and at most 60 characters.
    static func printable(_ name: String) -> String {
        let shown = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { [.control, .format].contains($0.properties.generalCategory) ? "?" : $0 }))
        return shown.count > 60 ? String(shown.prefix(59)) + "…" : shown
    }
}
