import Foundation

extension GitHubJSON {
    /// The one writer of JSON, for the stores, the CLI and the archive: `value` written through
    /// its own `encode(to:)` straight to bytes, as GitHub writes JSON (keys sorted, `/` unescaped,
    /// dates in ISO 8601 to the second, `null` for what an `encode` gives as nil), and indented
    /// for a person when `pretty` (the same bytes, laid out).
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        let bytes = try bytes(value)
        return Data(pretty ? GitHubJSONWriter.indented(bytes) : bytes)
    }

    /// `value`'s JSON, as `encode` writes it without indenting.
    public static func bytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = GitHubJSONWriter()
        try writer.write(value, depth: 0)
        return writer.bytes
    }
}

/// Writes `Encodable` values into one buffer as they encode themselves, with no tree between:
/// `JSONEncoder` builds one and sorts every object's keys, most of the cost of printing hundreds
/// of repositories or recording their snapshots. An object's members are written as they come;
/// only when they came out of order are they put in order when it closes (the models encode
/// theirs in order). A nested container must be filled before its parent goes on, as every
/// `encode(to:)` here does.
final class GitHubJSONWriter {
    /// What is being written at one depth.
    enum Frame {
        /// Nothing yet: a value that encodes nothing is written as `{}`, as `JSONEncoder` does.
        case none
        case object(Members)
        case array(count: Int)
        case single
    }

    struct Members {
        /// Where the object's `{` is.
        var start: Int
        /// Each member's key and the bytes of `"key":value`.
        var spans: [(key: String, range: Range<Int>)] = []
        /// Where the member being written began, until its value is done.
        var open: (key: String, start: Int)?
        var sorted = true
    }

    private(set) var bytes: [UInt8] = []
    private var frames: [Frame] = []

    init() {
        bytes.reserveCapacity(1024)
    }

    // MARK: Values

    /// Writes `value` as the value at `depth` (its container's frame is at `depth - 1`).
    func write<T: Encodable>(_ value: T, depth: Int) throws {
        if T.self == String.self, let string = value as? String { return appendString(string) }
        if T.self == Date.self, let date = value as? Date { return appendDate(date) }
        if T.self == URL.self, let url = value as? URL { return appendString(url.absoluteString) }
        if T.self == Data.self, let data = value as? Data { return appendString(data.base64EncodedString()) }
        begin(depth)
        try value.encode(to: ValueEncoder(writer: self, depth: depth))
        close(depth: depth)
    }

    func appendString(_ value: String) {
        JSONString.append(value, to: &bytes)
    }

    func appendLiteral(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    func appendInteger(_ value: some FixedWidthInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// As `JSONEncoder` writes a number: integral values without `.0`; nothing for NaN or infinity.
    func appendFloatingPoint(_ value: some BinaryFloatingPoint & LosslessStringConvertible) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "\(value.description) is not a JSON number"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// `"2011-01-26T19:01:12Z"`: to the second, in UTC, as GitHub writes dates.
    func appendDate(_ value: Date) {
        let civil = CivilDate(millisecondsSince1970: Int64((value.timeIntervalSince1970 * 1000).rounded(.down)))
        // Years outside four digits are written as `CivilDate.iso8601` pads them.
        guard civil.hasFourDigitYear else { return appendString(civil.iso8601) }
        bytes.append(UInt8(ascii: "\""))
        civil.appendISO8601(to: &bytes, time: true)
        bytes.append(UInt8(ascii: "\""))
    }

    // MARK: Frames

    func begin(_ depth: Int) {
        if frames.count <= depth {
            frames.append(.none)
        } else {
            frames[depth] = .none
        }
    }

    /// The object at `depth`, opened now if it is not yet.
    func object(_ depth: Int) {
        closeNested(above: depth)
        switch frames[depth] {
        case .object: return
        default:
            frames[depth] = .object(Members(start: bytes.count))
            bytes.append(UInt8(ascii: "{"))
        }
    }

    /// The array at `depth`, opened now if it is not yet.
    func array(_ depth: Int) {
        closeNested(above: depth)
        if case .array = frames[depth] { return }
        frames[depth] = .array(count: 0)
        bytes.append(UInt8(ascii: "["))
    }

    /// Before a member named `key` of the object at `depth`: its separator, key and colon.
    func member(_ key: String, depth: Int) {
        object(depth)
        guard case .object(var members) = frames[depth] else { return }
        endMember(&members)
        if !members.spans.isEmpty { bytes.append(UInt8(ascii: ",")) }
        if let last = members.spans.last?.key, !last.utf8.lexicographicallyPrecedes(key.utf8) { members.sorted = false }
        members.open = (key, bytes.count)
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        frames[depth] = .object(members)
    }

    /// Before an element of the array at `depth`: its separator.
    func element(depth: Int) {
        array(depth)
        guard case .array(let count) = frames[depth] else { return }
        if count > 0 { bytes.append(UInt8(ascii: ",")) }
        frames[depth] = .array(count: count + 1)
    }

    /// How many elements the array at `depth` has.
    func count(_ depth: Int) -> Int {
        guard case .array(let count) = frames[depth] else { return 0 }
        return count
    }

    /// A single value at `depth`.
    func single(_ depth: Int) {
        frames[depth] = .single
    }

    /// Closes what was opened at `depth`, and anything nested in it still open.
    func close(depth: Int) {
        closeNested(above: depth)
        switch frames[depth] {
        case .none:
            appendLiteral("{}")
        case .single:
            break
        case .array:
            bytes.append(UInt8(ascii: "]"))
        case .object(var members):
            endMember(&members)
            if !members.sorted { reorder(members) }
            bytes.append(UInt8(ascii: "}"))
        }
        frames[depth] = .single
    }

    /// A nested container left open by its parent going on is done: closes it.
    private func closeNested(above depth: Int) {
        guard frames.count > depth + 1 else { return }
        for nested in stride(from: frames.count - 1, through: depth + 1, by: -1) {
            if case .single = frames[nested] { continue }
            close(depth: nested)
        }
        // Trailing frames are reused from here on.
        frames.removeLast(frames.count - depth - 1)
    }

    private func endMember(_ members: inout Members) {
        guard let open = members.open else { return }
        members.spans.append((open.key, open.start..<bytes.count))
        members.open = nil
    }

    /// Writes the object's members again in key order; of two with one key, the later stands.
    private func reorder(_ members: Members) {
        let ordered = members.spans.enumerated().sorted { first, second in
            first.element.key == second.element.key
                ? first.offset < second.offset : first.element.key.utf8.lexicographicallyPrecedes(second.element.key.utf8)
        }
        var written: [UInt8] = []
        written.reserveCapacity(bytes.count - members.start)
        for (index, span) in ordered.enumerated() {
            if index + 1 < ordered.count, ordered[index + 1].element.key == span.element.key { continue }
            if !written.isEmpty { written.append(UInt8(ascii: ",")) }
            written.append(contentsOf: bytes[span.element.range])
        }
        bytes.removeSubrange((members.start + 1)...)
        bytes.append(contentsOf: written)
    }

    // MARK: Layout

    /// `compact` laid out for a person: two spaces a level, `"key" : value`, empty containers
    /// on one line.
    static func indented(_ compact: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        var index = 0
        while index < compact.count {
            let byte = compact[index]
            index += 1
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < compact.count, compact[index] == close {
                    out.append(close)
                    index += 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
            default:
                out.append(byte)
            }
        }
        return out
    }
}

/// JSON's strings, as the writer and the log lines write them.
public enum JSONString {
    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    public static func append(_ value: String, to bytes: inout [UInt8]) {
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
