import Foundation

/// A JSON object written straight to bytes, exactly as `JSONEncoder.gitHub()` writes it: keys
/// sorted, `/` unescaped, dates in ISO 8601 to the second, `null` for absent values.
///
/// `JSONEncoder` is general and slow: with it, recording a page of repositories or printing
/// hundreds to a pipe spends most of its time there. The models that are written in bulk (`Repository` and what
/// it holds) also write themselves this way; a test holds both ways to the same bytes.
public struct JSONObjectWriter: Sendable {
    private var members: [(key: String, value: [UInt8])] = []

    public init() {}

    public mutating func add(_ key: String, _ value: String?) {
        guard let value else { return addNull(key) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 2)
        Self.appendString(value, to: &bytes)
        members.append((key, bytes))
    }

    public mutating func add(_ key: String, _ value: Int64) {
        members.append((key, Array(String(value).utf8)))
    }

    public mutating func add(_ key: String, _ value: Int) {
        members.append((key, Array(String(value).utf8)))
    }

    public mutating func add(_ key: String, _ value: Bool) {
        members.append((key, Array((value ? "true" : "false").utf8)))
    }

    public mutating func add(_ key: String, _ value: Date?) {
        guard let value else { return addNull(key) }
        let milliseconds = Int64((value.timeIntervalSince1970 * 1000).rounded(.down))
        add(key, CivilDate(millisecondsSince1970: milliseconds).iso8601)
    }

    public mutating func add(_ key: String, _ values: [String]) {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendString(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        members.append((key, bytes))
    }

    public mutating func add(_ key: String, _ object: JSONObjectWriter?) {
        guard let object else { return addNull(key) }
        members.append((key, object.bytes))
    }

    private mutating func addNull(_ key: String) {
        members.append((key, Array("null".utf8)))
    }

    /// The object's JSON.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return bytes
    }

    /// Appends the object's JSON to `bytes`.
    public func write(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        // The models add their members in order already: sorting is then only checked.
        let precedes: ((key: String, value: [UInt8]), (key: String, value: [UInt8])) -> Bool = {
            $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }
        let isSorted = members.indices.dropFirst().allSatisfy { precedes(members[$0 - 1], members[$0]) }
        for (index, member) in (isSorted ? members : members.sorted(by: precedes)).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendString(member.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: member.value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    public static func appendString(_ value: String, to bytes: inout [UInt8]) {
        // Most text needs no escape: copied whole.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case ..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// A list of objects as one JSON array.
public func jsonArray(_ objects: [JSONObjectWriter]) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    for (index, object) in objects.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        object.write(to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
    return bytes
}

extension License {
    public var jsonObject: JSONObjectWriter {
        var object = JSONObjectWriter()
        object.add("key", key)
        object.add("name", name)
        object.add("spdx_id", spdxID)
        return object
    }
}

extension Account {
    public var jsonObject: JSONObjectWriter {
        var object = JSONObjectWriter()
        object.add("avatar_url", avatarURL)
        object.add("html_url", htmlURL)
        object.add("id", id)
        object.add("login", login)
        object.add("type", kind.rawValue)
        return object
    }
}

extension Repository {
    public var jsonObject: JSONObjectWriter { jsonObject() }

    /// The repository's object, with `favorite`, `tags` and `note` when given (as `--json` prints
    /// them), its members added in the order they are written, so none are sorted.
    public func jsonObject(favorite: Bool? = nil, tags: [String]? = nil, note: String? = nil) -> JSONObjectWriter {
        var object = JSONObjectWriter()
        object.add("archived", archived)
        object.add("created_at", createdAt)
        object.add("default_branch", defaultBranch)
        object.add("description", description)
        if let favorite { object.add("favorite", favorite) }
        object.add("fork", fork)
        object.add("forks_count", forksCount)
        object.add("full_name", fullName)
        object.add("homepage", homepage)
        object.add("html_url", htmlURL)
        object.add("id", id)
        object.add("language", language)
        object.add("license", license?.jsonObject)
        object.add("name", name)
        if let note { object.add("note", note) }
        object.add("open_issues_count", openIssuesCount)
        object.add("owner", owner.jsonObject)
        object.add("private", isPrivate)
        object.add("pushed_at", pushedAt)
        object.add("stargazers_count", stargazersCount)
        if let tags { object.add("tags", tags) }
        object.add("topics", topics)
        object.add("updated_at", updatedAt)
        object.add("visibility", visibility)
        object.add("watchers_count", watchersCount)
        return object
    }
}
