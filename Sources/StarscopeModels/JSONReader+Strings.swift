import Foundation

/// Strings and GitHub's dates, read from their bytes.
extension JSONReader {
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
    mutating func scanString() throws(GiveUp) -> (start: Int, end: Int, escaped: Bool) {
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
