import Foundation

/// A repository's JSON written straight into one buffer: the very bytes of `jsonObject` (and so of
/// `JSONEncoder.gitHub()`), members in their sorted order by construction, without a writer per
/// object, an array per member or a string per date. Printing 300 repositories and recording
/// their snapshots is most of what a command writes; a test holds the two ways to the same bytes.
extension Repository {
    /// The repository's JSON.
    public var jsonBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        writeJSON(to: &bytes)
        return bytes
    }

    /// Appends the repository's object, with `favorite`, `tags` and `note` when given (as `--json`
    /// prints them).
    public func writeJSON(to bytes: inout [UInt8], favorite: Bool? = nil, tags: [String]? = nil, note: String? = nil) {
        JSONBytes.key("{\"archived\":", &bytes)
        JSONBytes.bool(archived, &bytes)
        JSONBytes.key(",\"created_at\":", &bytes)
        JSONBytes.date(createdAt, &bytes)
        JSONBytes.key(",\"default_branch\":", &bytes)
        JSONBytes.string(defaultBranch, &bytes)
        JSONBytes.key(",\"description\":", &bytes)
        JSONBytes.string(description, &bytes)
        if let favorite {
            JSONBytes.key(",\"favorite\":", &bytes)
            JSONBytes.bool(favorite, &bytes)
        }
        JSONBytes.key(",\"fork\":", &bytes)
        JSONBytes.bool(fork, &bytes)
        JSONBytes.key(",\"forks_count\":", &bytes)
        JSONBytes.int(Int64(forksCount), &bytes)
        JSONBytes.key(",\"full_name\":", &bytes)
        JSONBytes.string(fullName, &bytes)
        JSONBytes.key(",\"homepage\":", &bytes)
        JSONBytes.string(homepage, &bytes)
        JSONBytes.key(",\"html_url\":", &bytes)
        JSONBytes.string(htmlURL, &bytes)
        JSONBytes.key(",\"id\":", &bytes)
        JSONBytes.int(id, &bytes)
        JSONBytes.key(",\"language\":", &bytes)
        JSONBytes.string(language, &bytes)
        JSONBytes.key(",\"license\":", &bytes)
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
        JSONBytes.key(",\"name\":", &bytes)
        JSONBytes.string(name, &bytes)
        if let note {
            JSONBytes.key(",\"note\":", &bytes)
            JSONBytes.string(note, &bytes)
        }
        JSONBytes.key(",\"open_issues_count\":", &bytes)
        JSONBytes.int(Int64(openIssuesCount), &bytes)
        JSONBytes.key(",\"owner\":{\"avatar_url\":", &bytes)
        JSONBytes.string(owner.avatarURL, &bytes)
        JSONBytes.key(",\"html_url\":", &bytes)
        JSONBytes.string(owner.htmlURL, &bytes)
        JSONBytes.key(",\"id\":", &bytes)
        JSONBytes.int(owner.id, &bytes)
        JSONBytes.key(",\"login\":", &bytes)
        JSONBytes.string(owner.login, &bytes)
        JSONBytes.key(",\"type\":", &bytes)
        JSONBytes.string(owner.kind.rawValue, &bytes)
        JSONBytes.key("},\"private\":", &bytes)
        JSONBytes.bool(isPrivate, &bytes)
        JSONBytes.key(",\"pushed_at\":", &bytes)
        JSONBytes.date(pushedAt, &bytes)
        JSONBytes.key(",\"stargazers_count\":", &bytes)
        JSONBytes.int(Int64(stargazersCount), &bytes)
        if let tags {
            JSONBytes.key(",\"tags\":", &bytes)
            JSONBytes.strings(tags, &bytes)
        }
        JSONBytes.key(",\"topics\":", &bytes)
        JSONBytes.strings(topics, &bytes)
        JSONBytes.key(",\"updated_at\":", &bytes)
        JSONBytes.date(updatedAt, &bytes)
        JSONBytes.key(",\"visibility\":", &bytes)
        JSONBytes.string(visibility, &bytes)
        JSONBytes.key(",\"watchers_count\":", &bytes)
        JSONBytes.int(Int64(watchersCount), &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}

/// The pieces of `writeJSON`, each the bytes `JSONObjectWriter` writes for the same value.
enum JSONBytes {
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

    /// `"2011-01-26T19:01:12Z"`, as `JSONObjectWriter.add(_:_: Date?)` writes it.
    static func date(_ value: Date?, _ bytes: inout [UInt8]) {
        guard let value else { return key("null", &bytes) }
        let civil = CivilDate(millisecondsSince1970: Int64((value.timeIntervalSince1970 * 1000).rounded(.down)))
        // Years outside four digits are written as `CivilDate.iso8601` pads them.
        guard civil.hasFourDigitYear else { return JSONObjectWriter.appendString(civil.iso8601, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
        civil.appendISO8601(to: &bytes, time: true)
        bytes.append(UInt8(ascii: "\""))
    }
}
