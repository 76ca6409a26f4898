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

    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0
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

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// A string value.
    mutating func readString() throws(GiveUp) -> String {
        let scanned = try scanString()
        guard let base = bytes.baseAddress else { throw GiveUp() }
        let raw = UnsafeBufferPointer(start: base + scanned.start, count: scanned.end - scanned.start)
        guard scanned.escaped else { return String(decoding: raw, as: UTF8.self) }
        return try Self.unescape(raw)
    }

    /// A string's extent between its quotes, checked: valid UTF-8, no control characters, only
    /// JSON's escapes. `escaped` when it holds a backslash.
    private mutating func scanString() throws(GiveUp) -> (start: Int, end: Int, escaped: Bool) {
        guard try peek() == UInt8(ascii: "\"") else { throw GiveUp() }
        index += 1
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (start, index - 1, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
                guard index < bytes.count else { throw GiveUp() }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    guard index + 4 < bytes.count else { throw GiveUp() }
                    for offset in 1...4 where Self.hexValue(bytes[index + offset]) == nil { throw GiveUp() }
                    index += 5
                default: throw GiveUp()
                }
            } else if byte < 0x20 {
                throw GiveUp()
            } else if byte < 0x80 {
                index += 1
            } else {
                index += try utf8SequenceLength(at: index)
            }
        }
        throw GiveUp()
    }

    /// The length of the valid UTF-8 sequence starting at `position` (its first byte ≥ 0x80).
    private func utf8SequenceLength(at position: Int) throws(GiveUp) -> Int {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F  // no surrogates
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw GiveUp()
        }
        guard position + length <= bytes.count else { throw GiveUp() }
        guard (low...high).contains(bytes[position + 1]) else { throw GiveUp() }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 { throw GiveUp() }
        return length
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A checked string's text with its escapes resolved; a lone surrogate gives up.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws(GiveUp) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(raw.count)
        var position = 0
        func hex4(at start: Int) throws(GiveUp) -> UInt32 {
            guard start + 4 <= raw.count else { throw GiveUp() }
            var value: UInt32 = 0
            for offset in 0..<4 {
                guard let digit = hexValue(raw[start + offset]) else { throw GiveUp() }
                value = value << 4 | digit
            }
            return value
        }
        while position < raw.count {
            let byte = raw[position]
            guard byte == UInt8(ascii: "\\"), position + 1 < raw.count else {
                text.append(byte)
                position += 1
                continue
            }
            let escape = raw[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var value = try hex4(at: position)
                position += 4
                if (0xD800...0xDBFF).contains(value) {
                    guard position + 6 <= raw.count, raw[position] == UInt8(ascii: "\\"), raw[position + 1] == UInt8(ascii: "u") else {
                        throw GiveUp()
                    }
                    let low = try hex4(at: position + 2)
                    guard (0xDC00...0xDFFF).contains(low) else { throw GiveUp() }
                    position += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(value) {
                    throw GiveUp()
                }
                guard let scalar = Unicode.Scalar(value) else { throw GiveUp() }
                text.append(contentsOf: scalar.utf8)
            default: text.append(escape)  // `"`, `\` and `/` stand for themselves
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// GitHub's form of a date, `2011-01-26T19:01:12Z`, exactly; any other form gives up.
    mutating func readDate() throws(GiveUp) -> Date {
        let scanned = try scanString()
        guard !scanned.escaped, scanned.end - scanned.start == 20 else { throw GiveUp() }
        let at = scanned.start
        func number(_ offset: Int, _ count: Int) throws(GiveUp) -> Int64 {
            var value: Int64 = 0
            for position in (at + offset)..<(at + offset + count) {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { throw GiveUp() }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        func separator(_ offset: Int, _ byte: Unicode.Scalar) throws(GiveUp) {
            guard bytes[at + offset] == UInt8(ascii: byte) else { throw GiveUp() }
        }
        try separator(4, "-")
        try separator(7, "-")
        try separator(10, "T")
        try separator(13, ":")
        try separator(16, ":")
        try separator(19, "Z")
        let year = try number(0, 4)
        let month = try number(5, 2)
        let day = try number(8, 2)
        let hour = try number(11, 2)
        let minute = try number(14, 2)
        let second = try number(17, 2)
        // Before 1583 Foundation's calendar is Julian (the reform of 1582), this count is not:
        // such a date (GitHub never sends one) is left to JSONDecoder, so both read it alike.
        guard year >= 1583, (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year), hour < 24, minute < 60,
            second < 60
        else { throw GiveUp() }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private static func days(inMonth month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Howard Hinnant's `days_from_civil`, the inverse of `CivilDate`.
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = CivilDate.floorDivide(shiftedYear, by: 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
