import Foundation
import Hummingbird

/// A submitted form: `application/x-www-form-urlencoded`, or `multipart/form-data` (for file import).
struct FormData: Sendable {
    private(set) var fields: [String: String] = [:]
    /// The first uploaded file's bytes.
    private(set) var file: Data?

    subscript(name: String) -> String? { fields[name] }

    /// The most fields or parts a form may have: more is not a form of ours.
    static let maximumParts = 16

    static func urlEncoded(_ text: String) throws -> FormData {
        var form = FormData()
        let pairs = text.split(separator: "&", maxSplits: maximumParts + 1)
        guard pairs.count <= maximumParts else { throw HTTPError(.contentTooLarge, message: "This form has too many fields.") }
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            let name = decode(parts[0])
            if form.fields[name] == nil { form.fields[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return form
    }

    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// A small multipart reader: enough for text fields and one file.
    static func multipart(_ data: Data, boundary: String) throws -> FormData {
        var form = FormData()
        // RFC 2046: a boundary has 1 to 70 characters.
        guard !boundary.isEmpty, boundary.utf8.count <= 70 else { throw HTTPError(.badRequest, message: "This form cannot be read.") }
        let delimiter = Array(("--" + boundary).utf8)
        var parts: [Data] = []
        var partStart: Data.Index?
        // One pass over the body whatever the boundary (`data.range(of:)` compares anew at every byte).
        for range in occurrences(of: delimiter, in: data, upTo: maximumParts + 2) {
            if let start = partStart { parts.append(data[start..<range.lowerBound]) }
            guard parts.count <= maximumParts else { throw HTTPError(.contentTooLarge, message: "This form has too many parts.") }
            partStart = range.upperBound
        }
        let separator = Data("\r\n\r\n".utf8)
        for part in parts {
            guard let split = part.range(of: separator) else { continue }
            let head = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
            var body = part[split.upperBound...]
            if body.suffix(2) == Data("\r\n".utf8) { body = body.dropLast(2) }
            guard let name = value(of: "name", in: head) else { continue }
            if value(of: "filename", in: head) != nil {
                if form.file == nil { form.file = Data(body) }
            } else if form.fields[name] == nil {
                form.fields[name] = String(decoding: body, as: UTF8.self)
            }
        }
        return form
    }

    /// Where `pattern` occurs in `data` (the first `limit` times), without overlaps, found in time
    /// linear in `data` (Knuth–Morris–Pratt), so no body and boundary together make it quadratic.
    static func occurrences(of pattern: [UInt8], in data: Data, upTo limit: Int) -> [Range<Data.Index>] {
        guard !pattern.isEmpty else { return [] }
        var fallback = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in 1..<max(1, pattern.count) {
            while length > 0, pattern[index] != pattern[length] { length = fallback[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            fallback[index] = length
        }
        var found: [Range<Data.Index>] = []
        var matched = 0
        var position = data.startIndex
        for byte in data {
            while matched > 0, byte != pattern[matched] { matched = fallback[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            position += 1
            if matched == pattern.count {
                found.append((position - pattern.count)..<position)
                if found.count >= limit { break }
                matched = 0
            }
        }
        return found
    }

    static func value(of attribute: String, in head: String) -> String? {
        guard let range = head.range(of: "\(attribute)=\"") else { return nil }
        let rest = head[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
