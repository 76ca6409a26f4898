import Foundation

/// A JSON object written straight to bytes, as GitHub writes JSON: keys sorted, `/` unescaped,
/// dates in ISO 8601 to the second, `null` for absent values. What `--json` adds to a repository
/// (`Repository.writeJSON(to:adding:)`), the favourites archive around them, and `config --json`.
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
        var bytes: [UInt8] = []
        JSONBytes.date(value, &bytes)
        members.append((key, bytes))
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

    /// A member whose value is JSON already written (a repository, an array of objects).
    public mutating func add(_ key: String, json: [UInt8]) {
        members.append((key, json))
    }

    /// The members in key order.
    public var sortedMembers: [(key: String, value: [UInt8])] {
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
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

/// Values as one JSON array, each written by `write`.
public func jsonArray<Element>(_ elements: some Sequence<Element>, _ write: (Element, inout [UInt8]) -> Void) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(element, &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
    return bytes
}
