import Foundation
import Hummingbird

/// A fragment of HTML. Text from anywhere else goes through `escape` (or string interpolation
/// of `HTML`, which escapes everything that is not already `HTML`): GitHub's text is data, never markup.
public struct HTML: Sendable, ExpressibleByStringInterpolation, ResponseGenerator {
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
            markup += html.markup
        }

        public mutating func appendInterpolation(_ parts: [HTML]) {
            for part in parts { markup += part.markup }
        }
    }

    /// Escapes text for element content and quoted attribute values; drops NUL and other C0
    /// controls that have no place in a page, and neutralises direction overrides' reach by
    /// isolating the text in `<bdi>` where callers choose to.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Percent-encodes a query value.
    public static func query(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: markup)))
    }

    func with(status: HTTPResponse.Status) -> HTML {
        var copy = self
        copy.status = status
        return copy
    }
}
