import Foundation
import GitHubAPI
import StarscopeModels

/// The export format of favourites, which `import` reads back:
///
/// ```json
/// {"format": "starscope-favorites", "version": 2, "exported_at": "2026-11-22T10:42:00Z",
///  "favorites": [{"added_at": "2026-11-20T08:00:00Z", "note": "…", "tags": ["…"],
///                 "repository": { GitHub's repository fields }}]}
/// ```
///
/// Version 1 (no notes or tags) still imports, and so does a plain JSON array of GitHub
/// repositories (such as `starscope trending --json`).
public enum FavoritesArchive {
    public static let format = "starscope-favorites"

    /// An entry as `parse` reads it.
    struct Entry: Decodable {
        var addedAt: Date?
        var note: String?
        var tags: [String]?
        var repository: Repository

        enum CodingKeys: String, CodingKey {
            case repository, note, tags
            case addedAt = "added_at"
        }
    }

    /// The version `export` writes.
    public static let version = 2

    /// The most entries one import takes: far more than anyone keeps, few enough that the
    /// favourites page and one transaction stay quick.
    public static let maximumEntries = 10_000
    /// The largest file one import reads (20 MB: 10,000 full entries take about 30 MB, a typical
    /// export well under 2 KB an entry).
    public static let maximumBytes = 20 << 20

    /// The archive of `favorites`, laid out for a person, each repository by its one writer
    /// (`Repository.writeJSON`).
    public static func export(_ favorites: [Favorite], at date: Date = Date()) -> Data {
        let entries = jsonArray(favorites) { favorite, bytes in
            var entry = JSONObjectWriter()
            entry.add("added_at", favorite.addedAt)
            entry.add("note", favorite.note)
            entry.add("tags", favorite.tags)
            entry.add("repository", json: favorite.repository.jsonBytes)
            entry.write(to: &bytes)
        }
        var archive = JSONObjectWriter()
        archive.add("exported_at", date)
        archive.add("favorites", json: entries)
        archive.add("format", format)
        archive.add("version", version)
        return Data(JSONLayout.indented(archive.bytes))
    }

    /// What an import did: how many were added, which were there already, and which entries were refused and why.
    public struct ImportReport: Sendable, Hashable {
        public var added: [String] = []
        public var alreadyFavorites: [String] = []
        /// Entry number (from 1) and reason.
        public var rejected: [(Int, String)] = []

        public static func == (lhs: ImportReport, rhs: ImportReport) -> Bool {
            lhs.added == rhs.added && lhs.alreadyFavorites == rhs.alreadyFavorites && lhs.rejected.map(\.0) == rhs.rejected.map(\.0)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(added)
        }
    }

    /// Checks every entry of `data`; the valid ones are all added in one transaction, so an
    /// interrupted import adds nothing and existing favourites are never touched.
    static func parse(_ data: Data) throws(StoreError) -> (entries: [(Int, Entry)], rejected: [(Int, String)]) {
        guard data.count <= maximumBytes else {
            throw .invalidImport("it is larger than \(maximumBytes >> 20) MB, the most Starscope imports at once")
        }
        guard entryCount(in: data, stoppingAfter: maximumEntries) <= maximumEntries else {
            throw .invalidImport(
                "it has more than \(maximumEntries) entries and Starscope imports at most \(maximumEntries) at once; split it into smaller files"
            )
        }
        let raw: [JSONValue]
        do {
            let value = try JSONDecoder().decode(JSONValue.self, from: data)
            switch value {
            case .array(let items):
                raw = items
            case .object(let members):
                guard members["format"]?.stringValue == format, case .array(let items)? = members["favorites"] else {
                    throw StoreError.invalidImport(
                        "it is JSON, but not a Starscope favourites export (\"format\": \"\(format)\") or an array of repositories")
                }
                raw = items
            default:
                throw StoreError.invalidImport("expected a Starscope favourites export or an array of repositories")
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .invalidImport("it is not valid JSON")
        }
        var entries: [(Int, Entry)] = []
        var rejected: [(Int, String)] = []
        let decoder = JSONDecoder.gitHub()
        for (offset, item) in raw.enumerated() {
            let number = offset + 1
            guard let itemData = try? JSONEncoder().encode(item) else { continue }
            let entry: Entry
            if item["repository"] != nil, let decoded = try? decoder.decode(Entry.self, from: itemData) {
                entry = decoded
            } else if let repository = try? decoder.decode(Repository.self, from: itemData) {
                entry = Entry(addedAt: nil, note: nil, tags: nil, repository: repository)
            } else {
                rejected.append((number, "not a repository (it needs at least id, name, full_name, owner, html_url and created_at)"))
                continue
            }
            // A name GitHub would not accept could never be refreshed, and would go into a URL.
            guard GitHubName.isValidFullName(entry.repository.fullName) else {
                rejected.append((number, "“\(shown(entry.repository.fullName))” is not a repository name"))
                continue
            }
            let parts = entry.repository.fullName.split(separator: "/", omittingEmptySubsequences: false)
            guard entry.repository.id > 0, parts.count == 2, parts[0] == entry.repository.owner.login, parts[1] == entry.repository.name
            else {
                rejected.append((number, "\"\(entry.repository.fullName)\" does not match its owner and name"))
                continue
            }
            entries.append((number, entry))
        }
        return (entries, rejected)
    }

    /// A rejected name as a report may show it: control characters written as `\u{…}`, at most 100 characters.
    static func shown(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars.prefix(100) {
            switch scalar.properties.generalCategory {
            case .control, .format: text += "\\u{\(String(scalar.value, radix: 16))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return name.unicodeScalars.count > 100 ? text + "…" : text
    }
}
