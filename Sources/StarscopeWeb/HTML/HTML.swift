import Foundation
import HTTPTypes

/// A fragment of HTML. Text from anywhere else goes through `escape` (or string interpolation
/// of `HTML`, which escapes everything that is not already `HTML`): GitHub's text is data, never markup.
public struct HTML: Sendable, ExpressibleByStringInterpolation {
    public private(set) var markup: String
    public var status: HTTPResponse.Status = .ok

    public init(stringLiteral value: String) {
        markup = value
    }

    public init(stringInterpolation: Interpolation) {
        markup = stringInterpolation.markup
    }

    init(raw: String) {
        markup = raw
    }

    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity * 2)
        }

        public mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Escaped text.
        public mutating func appendInterpolation(_ text: String) {
            markup += HTML.escape(text)
        }

        public mutating func appendInterpolation(_ text: String?) {
            markup += HTML.escape(text ?? "")
        }

        public mutating func appendInterpolation(_ number: Int) {
            markup += String(number)
        }

        public mutating func appendInterpolation(_ number: Int64) {
            markup += String(number)
        }

        /// Markup that is already safe.
        public mutating func appendInterpolation(_ html: HTML) {
            makeRoom(html.markup.utf8.count)
            markup += html.markup
        }

        public mutating func appendInterpolation(_ parts: [HTML]) {
            makeRoom(parts.reduce(0) { $0 + $1.markup.utf8.count })
            for part in parts { markup += part.markup }
        }

        /// Room for `count` more bytes and the literals after them, made at once when a large part
        /// comes in (a list, a detail): a page is built from parts nearly its own size, and a
        /// string grown by doubling copies what it holds at every step.
        private mutating func makeRoom(_ count: Int) {
            guard count >= 4_096 else { return }
            markup.reserveCapacity(markup.utf8.count + count + 4_096)
        }
    }

    /// Escapes text for element content and quoted attribute values, and drops NUL and the other
    /// C0 controls (tab and newline aside) and DEL, which have no place in a page.
    ///
    /// Works on UTF-8 bytes: every byte it changes is ASCII, and no byte of a multi-byte
    /// character is ASCII, so text outside ASCII passes through whole. Text with nothing to
    /// escape, most of it, is returned as it is.
    public static func escape(_ text: String) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> String? in
            guard let first = bytes.firstIndex(where: needsEscape) else { return nil }
            var result = [UInt8]()
            result.reserveCapacity(bytes.count + 32)
            result.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
                case UInt8(ascii: "\n"), UInt8(ascii: "\t"): result.append(byte)
                case ..<0x20, 0x7F: continue
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
        return escaped ?? text
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case UInt8(ascii: "\n"), UInt8(ascii: "\t"): false
        case ..<0x20, 0x7F: true
        default: false
        }
    }

    /// Percent-encodes a query value: every byte of its UTF-8 but ASCII letters, digits and
    /// `-._~` (RFC 3986's unreserved characters).
    public static func query(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var result = [UInt8]()
        result.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.append(byte)
            default:
                result.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    func with(status: HTTPResponse.Status) -> HTML {
        var copy = self
        copy.status = status
        return copy
    }
}
