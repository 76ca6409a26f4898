/// Percent-encoding for a query value or a path segment: every byte of the text's UTF-8 but
/// RFC 3986's unreserved characters (ASCII letters, digits, `-._~`) becomes `%XX`.
///
/// The same text as Foundation's `addingPercentEncoding(withAllowedCharacters:)` with those
/// characters allowed (held to it by `RequestTests`), byte by byte instead of through a
/// `CharacterSet`: a cached list page builds its request's URL on every view, and Foundation's
/// version would be a costly part of the server's work there.
enum PercentEncoding {
    static func encode(_ text: String) -> String {
        var encoded = ""
        append(text, to: &encoded)
        return encoded
    }

    /// `encode(text)` written onto the end of `encoded` (a request's address is built in one string).
    static func append(_ text: String, to encoded: inout String) {
        var text = text
        let plain = text.withUTF8 { bytes in bytes.allSatisfy(isUnreserved) }
        if plain {
            encoded += text
            return
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        encoded += String(decoding: bytes, as: UTF8.self)
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
