import Foundation

/// A strict JSON reader over bytes, for the few models read in bulk (`Repository` and what it
/// holds), without `JSONDecoder`.
///
/// `JSONDecoder` is general: each field goes through `Decoder` existentials and generic
/// containers, and their first use in a process makes the Swift runtime scan the program's
/// protocol conformances, which makes reading hundreds of cached repositories a large part of a
/// warm command's work. This reader accepts only a subset of what `JSONDecoder` accepts and
/// gives the same values for it: anything it is not sure of (a fraction where a whole number
/// belongs, an escaped key, a date in another form, a field of an unexpected type, a repeated
/// field, invalid UTF-8, deep nesting) makes it give up, and the caller decodes with
/// `JSONDecoder` instead, so odd answers are read exactly as it reads them. A test holds the two to the
/// same values on recorded, generated and hostile answers.
struct JSONReader {
    /// Thrown when the reader gives up; never escapes `GitHubJSONReading`.
    struct GiveUp: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var depth = 0
    private static let maximumDepth = 64

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Structure

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, not consumed.
    mutating func peek() throws(GiveUp) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw GiveUp() }
        return bytes[index]
    }

    mutating func expect(_ byte: UInt8) throws(GiveUp) {
        guard try peek() == byte else { throw GiveUp() }
        index += 1
    }

    /// Nothing but whitespace left.
    mutating func expectEnd() throws(GiveUp) {
        skipWhitespace()
        guard index == bytes.count else { throw GiveUp() }
    }

    /// Reads an object, calling `member` with each key (its raw bytes) with the reader at the
    /// value, which `member` must read or skip.
    mutating func readObject(_ member: (inout JSONReader, Key) throws(GiveUp) -> Void) throws(GiveUp) {
        try expect(UInt8(ascii: "{"))
        try enter()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            let key = try readKey()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return
            default: throw GiveUp()
            }
        }
    }

    /// Reads an array, calling `element` with the reader at each element.
    mutating func readArray(_ element: (inout JSONReader) throws(GiveUp) -> Void) throws(GiveUp) {
        try expect(UInt8(ascii: "["))
        try enter()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            try element(&self)
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return
            default: throw GiveUp()
            }
        }
    }

    private mutating func enter() throws(GiveUp) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw GiveUp() }
    }

    /// Reads any value and throws it away (checking it as strictly as the values it keeps).
    mutating func skipValue() throws(GiveUp) {
        switch try peek() {
        case UInt8(ascii: "{"): try readObject { reader, _ throws(GiveUp) in try reader.skipValue() }
        case UInt8(ascii: "["): try readArray { reader throws(GiveUp) in try reader.skipValue() }
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
        case UInt8(ascii: "n"): try readNull()
        default: _ = try scanNumber()
        }
    }

    // MARK: Keys

    /// A key's bytes, as written (a key with an escape gives up).
    struct Key {
        let start: UnsafePointer<UInt8>?
        let count: Int

        /// The key as text (checked UTF-8 without escapes).
        var text: String {
            String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        }

        static func == (key: Key, literal: StaticString) -> Bool {
            guard key.count == literal.utf8CodeUnitCount, let start = key.start else {
                return key.count == 0 && literal.utf8CodeUnitCount == 0
            }
            return memcmp(start, literal.utf8Start, key.count) == 0
        }
    }

    private mutating func readKey() throws(GiveUp) -> Key {
        let scanned = try scanString()
        guard !scanned.escaped else { throw GiveUp() }
        return Key(start: bytes.baseAddress.map { $0 + scanned.start }, count: scanned.end - scanned.start)
    }

    // MARK: Values

    /// True when the next value is `null` (consumed), false otherwise (not consumed).
    mutating func readNullIfPresent() throws(GiveUp) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try readNull()
        return true
    }

    mutating func readNull() throws(GiveUp) {
        try literal("null")
    }

    mutating func readBool() throws(GiveUp) -> Bool {
        if try peek() == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    private mutating func literal(_ word: StaticString) throws(GiveUp) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, let base = bytes.baseAddress, memcmp(base + index, word.utf8Start, count) == 0 else {
            throw GiveUp()
        }
        index += count
    }

    /// A whole number in `Int64`'s range, written without fraction or exponent.
    mutating func readInt64() throws(GiveUp) -> Int64 {
        let (start, end, whole) = try scanNumber()
        guard whole else { throw GiveUp() }
        var position = start
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard end - position <= 18 else { throw GiveUp() }  // 18 digits cannot overflow
        var value: Int64 = 0
        while position < end {
            value = value * 10 + Int64(bytes[position] &- UInt8(ascii: "0"))
            position += 1
        }
        return negative ? -value : value
    }

    /// A number's extent, checked against JSON's grammar; `whole` when it has no fraction or exponent.
    private mutating func scanNumber() throws(GiveUp) -> (start: Int, end: Int, whole: Bool) {
        skipWhitespace()
        let start = index
        var whole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw GiveUp() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            whole = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw GiveUp() }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            whole = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw GiveUp() }
            skipDigits()
        }
        return (start, index, whole)
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
