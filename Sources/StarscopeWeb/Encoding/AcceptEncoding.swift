/// What a request's `Accept-Encoding` allows (RFC 9110 §12.5.3): gzip named, or `*`, with a
/// quality above zero. Without the field, or with only `identity`, the body is sent as it is.
enum AcceptEncoding {
    /// What the fields browsers and tools send most say, known without reading them (every
    /// answer asks; `EncodingTests` holds each to the reading below).
    static let common: [String: Bool] = [
        "identity": false, "gzip": true, "gzip, deflate": true, "gzip, deflate, br": true, "gzip, deflate, br, zstd": true,
        "br, gzip, deflate": true, "deflate, gzip": true,
    ]

    static func allowsGzip(_ field: String?) -> Bool {
        guard let field else { return false }
        if let known = common[field] { return known }
        return read(field)
    }

    /// The field read entry by entry.
    static func read(_ field: String) -> Bool {
        var star = false
        for entry in field.split(separator: ",") {
            let parts = entry.split(separator: ";")
            guard let name = parts.first?.trimmingWhitespace.lowercased() else { continue }
            let quality =
                parts.dropFirst().lazy.compactMap { parameter -> Double? in
                    let pair = parameter.trimmingWhitespace.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingWhitespace.lowercased() == "q" else { return nil }
                    return Double(pair[1].trimmingWhitespace)
                }.first ?? 1
            if name == "gzip" || name == "x-gzip" { return quality > 0 }
            if name == "*" { star = quality > 0 }
        }
        return star
    }
}
