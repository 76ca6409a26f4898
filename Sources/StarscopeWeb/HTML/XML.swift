import Foundation
import Hummingbird

/// A fragment of XML (the Atom feeds). As with `HTML`, interpolated text is escaped unless it is
/// already `XML`, so GitHub's text cannot become markup by forgetting a call.
struct XML: Sendable, ExpressibleByStringInterpolation {
    private(set) var markup: String

    init(stringLiteral value: String) {
        markup = value
    }

    init(stringInterpolation: Interpolation) {
        markup = stringInterpolation.markup
    }

    struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity * 2)
        }

        mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        /// Escaped text.
        mutating func appendInterpolation(_ text: String) {
            markup += XML.escape(text)
        }

        /// Markup that is already safe.
        mutating func appendInterpolation(_ xml: XML) {
            markup += xml.markup
        }

        mutating func appendInterpolation(_ parts: [XML]) {
            for part in parts { markup += part.markup }
        }
    }

    /// Escapes text for XML 1.0 element content and quoted attribute values.
    ///
    /// `&`, `<`, `>`, `"` and `'` become entity references (so `]]>` cannot end anything), and
    /// carriage return a character reference (a parser would turn a raw one into a newline).
    /// Characters XML 1.0 does not allow at all, not even as character references, are dropped:
    /// the C0 controls but tab, newline and carriage return, U+FFFE and U+FFFF (Swift strings hold
    /// no lone surrogates). DEL and the C1 controls, allowed but discouraged, are dropped too.
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&apos;".unicodeScalars)
            case "\r": result.append(contentsOf: "&#13;".unicodeScalars)
            default: if isAllowed(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// XML 1.0's `Char` production, less DEL and the C1 controls.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x20..<0x7F, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'", "\r": true
        default: !isAllowed(scalar)
        }
    }
}
