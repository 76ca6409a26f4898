import Foundation

/// A query string's values by name (the first of each, or every one with `all`), from a request
/// or from a link inside one (`/live?list=…`, `/repos/…?from=…`), so that both are parsed by the
/// same code.
struct QueryValues: Sendable {
    private var values: [String: String]
    /// The second and later values of a name given more than once (a form's checkboxes).
    private var more: [String: [String]] = [:]

    init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The query of a local link such as `/?since=week&q=swift`.
    init(components: URLComponents) {
        self.init(rawQuery: components.percentEncodedQuery ?? "")
    }

    /// Parses `a=1&b=two+words&c=%2B` as a form does: `+` is a space, then percent-decoding, so
    /// that `c%2B%2B` stays `c++`.
    init(rawQuery: String) {
        var values: [String: String] = [:]
        var more: [String: [String]] = [:]
        for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) -> String in
                // Most values have neither: Foundation's replace and decode copy them through UTF-16.
                if !text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) { return String(text) }
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            if values[name] == nil { values[name] = value } else { more[name, default: []].append(value) }
        }
        self.values = values
        self.more = more
    }

    subscript(_ name: String) -> String? {
        values[name]
    }

    /// Every value given for `name`, in order.
    func all(_ name: String) -> [String] {
        values[name].map { [$0] + (more[name] ?? []) } ?? []
    }
}

/// Builds `a=1&b=two` from pairs, leaving out empty values; values are percent-encoded.
struct QueryBuilder {
    private(set) var parts: [String] = []

    mutating func add(_ name: String, _ value: String?) {
        guard let value, !value.isEmpty else { return }
        parts.append(name + "=" + HTML.query(value))
    }

    /// `path` alone, or `path?query`.
    func url(_ path: String) -> String {
        parts.isEmpty ? path : path + "?" + parts.joined(separator: "&")
    }
}
