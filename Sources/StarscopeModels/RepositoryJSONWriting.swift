import Foundation

/// A repository's one JSON writer, for the stores' snapshots, every `--json` and the favourites
/// archive: straight into one buffer, GitHub's names, members in key order by construction,
/// without a writer per object, an array per member or a string per date (what `JSONEncoder` and
/// a generic encoder over `encode(to:)` cost instead: docs/PERFORMANCE.md). Tests read it back
/// with the reader.
extension Repository {
    /// The repository's JSON.
    public var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        writeJSON(to: &bytes)
        return bytes
    }

    /// Appends the repository's object, with `extra`'s members put among GitHub's fields in key
    /// order (as `--json` adds `favorite`, `tags`, `note` or a gain).
    public func writeJSON(to bytes: inout [UInt8], adding extra: JSONObjectWriter = JSONObjectWriter()) {
        var members = JSONBytes.Members(extra: extra)
        bytes.append(UInt8(ascii: "{"))
        members.next("archived", &bytes)
        JSONBytes.bool(archived, &bytes)
        members.next("created_at", &bytes)
        JSONBytes.date(createdAt, &bytes)
        members.next("default_branch", &bytes)
        JSONBytes.string(defaultBranch, &bytes)
        members.next("description", &bytes)
        JSONBytes.string(description, &bytes)
        members.next("fork", &bytes)
        JSONBytes.bool(fork, &bytes)
        members.next("forks_count", &bytes)
        JSONBytes.int(Int64(forksCount), &bytes)
        members.next("full_name", &bytes)
        JSONBytes.string(fullName, &bytes)
        members.next("homepage", &bytes)
        JSONBytes.string(homepage, &bytes)
        members.next("html_url", &bytes)
        JSONBytes.string(htmlURL, &bytes)
        members.next("id", &bytes)
        JSONBytes.int(id, &bytes)
        members.next("language", &bytes)
        JSONBytes.string(language, &bytes)
        members.next("license", &bytes)
        if let license {
            JSONBytes.key("{\"key\":", &bytes)
            JSONBytes.string(license.key, &bytes)
            JSONBytes.key(",\"name\":", &bytes)
            JSONBytes.string(license.name, &bytes)
            JSONBytes.key(",\"spdx_id\":", &bytes)
            JSONBytes.string(license.spdxID, &bytes)
            bytes.append(UInt8(ascii: "}"))
        } else {
            JSONBytes.key("null", &bytes)
        }
        members.next("name", &bytes)
        JSONBytes.string(name, &bytes)
        members.next("open_issues_count", &bytes)
        JSONBytes.int(Int64(openIssuesCount), &bytes)
        members.next("owner", &bytes)
        owner.writeJSON(to: &bytes)
        members.next("private", &bytes)
        JSONBytes.bool(isPrivate, &bytes)
        members.next("pushed_at", &bytes)
        JSONBytes.date(pushedAt, &bytes)
        members.next("stargazers_count", &bytes)
        JSONBytes.int(Int64(stargazersCount), &bytes)
        members.next("topics", &bytes)
        JSONBytes.strings(topics, &bytes)
        members.next("updated_at", &bytes)
        JSONBytes.date(updatedAt, &bytes)
        members.next("visibility", &bytes)
        JSONBytes.string(visibility, &bytes)
        members.next("watchers_count", &bytes)
        JSONBytes.int(Int64(watchersCount), &bytes)
        members.finish(&bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}

extension Account {
    /// Appends the account's summary object, as a repository's `owner` holds it.
    public func writeJSON(to bytes: inout [UInt8]) {
        JSONBytes.key("{\"avatar_url\":", &bytes)
        JSONBytes.string(avatarURL, &bytes)
        JSONBytes.key(",\"html_url\":", &bytes)
        JSONBytes.string(htmlURL, &bytes)
        JSONBytes.key(",\"id\":", &bytes)
        JSONBytes.int(id, &bytes)
        JSONBytes.key(",\"login\":", &bytes)
        JSONBytes.string(login, &bytes)
        JSONBytes.key(",\"type\":", &bytes)
        JSONBytes.string(kind.rawValue, &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}

/// The pieces of `writeJSON`, each the bytes `JSONObjectWriter` writes for the same value.
enum JSONBytes {
    /// An object's members in key order: GitHub's fields as the writer names them, and the extra
    /// members given, each put before the first field whose key follows its own.
    struct Members {
        private let extra: [(key: String, value: [UInt8])]
        private var index = 0
        private var first = true

        init(extra: JSONObjectWriter) {
            self.extra = extra.sortedMembers
        }

        /// Before the field `key`: the extra members that come before it, a comma, and its key.
        mutating func next(_ key: StaticString, _ bytes: inout [UInt8]) {
            let name = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            while index < extra.count, extra[index].key.utf8.lexicographicallyPrecedes(name) {
                write(extra[index], &bytes)
                index += 1
            }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: name)
            bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        }

        /// The extra members after the last field.
        mutating func finish(_ bytes: inout [UInt8]) {
            while index < extra.count {
                write(extra[index], &bytes)
                index += 1
            }
        }

        private mutating func write(_ member: (key: String, value: [UInt8]), _ bytes: inout [UInt8]) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONObjectWriter.appendString(member.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: member.value)
        }
    }

    static func key(_ literal: StaticString, _ bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    static func bool(_ value: Bool, _ bytes: inout [UInt8]) {
        key(value ? "true" : "false", &bytes)
    }

    static func int(_ value: Int64, _ bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)
    }

    static func string(_ value: String?, _ bytes: inout [UInt8]) {
        guard let value else { return key("null", &bytes) }
        JSONObjectWriter.appendString(value, to: &bytes)
    }

    static func strings(_ values: [String], _ bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONObjectWriter.appendString(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// `"2011-01-26T19:01:12Z"`: to the second, in UTC.
    static func date(_ value: Date?, _ bytes: inout [UInt8]) {
        guard let value else { return key("null", &bytes) }
        let civil = CivilDate(millisecondsSince1970: Int64((value.timeIntervalSince1970 * 1000).rounded(.down)))
        // `JSONDecoder` reads dates with `ISO8601DateFormatter`, which counts in the Julian
        // calendar before 1583 and has its own way with years past four digits; `CivilDate` is
        // Gregorian throughout. Dates GitHub writes are neither: those few go through Foundation.
        guard (1583...9999).contains(civil.year) else {
            let second = Date(timeIntervalSince1970: value.timeIntervalSince1970.rounded(.down))
            return JSONObjectWriter.appendString(ISO8601DateFormatter().string(from: second), to: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
        civil.appendISO8601(to: &bytes, time: true)
        bytes.append(UInt8(ascii: "\""))
    }
}
