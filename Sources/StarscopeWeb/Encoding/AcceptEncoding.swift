/// A compression a body can be sent in, by its `Content-Encoding` name.
enum ContentCoding: String, Sendable {
    case brotli = "br"
    case gzip
}

/// What a request's `Accept-Encoding` prefers (RFC 9110 §12.5.3): of brotli and gzip, the one with
/// the higher quality above zero (named, or through `*`), brotli on a tie. Without the field, or
/// with neither allowed, the body is sent as it is.
enum AcceptEncoding {
    /// What the fields browsers and tools send most say, known without reading them (every
    /// answer asks; `EncodingTests` holds each to the reading below).
    static let common: [String: ContentCoding?] = [
        "identity": nil, "gzip": .gzip, "gzip, deflate": .gzip, "gzip, deflate, br": .brotli,
        "gzip, deflate, br, zstd": .brotli, "br, gzip, deflate": .brotli, "deflate, gzip": .gzip,
    ]

    static func preferred(_ field: String?) -> ContentCoding? {
        guard let field else { return nil }
        if let known = common[field] { return known }
        return read(field)
    }

    /// The field read entry by entry.
    static func read(_ field: String) -> ContentCoding? {
        var brotli: Double?
        var gzip: Double?
        var star: Double?
        for entry in field.split(separator: ",") {
            let parts = entry.split(separator: ";")
            guard let name = parts.first?.trimmingWhitespace.lowercased() else { continue }
            let quality =
                parts.dropFirst().lazy.compactMap { parameter -> Double? in
                    let pair = parameter.trimmingWhitespace.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingWhitespace.lowercased() == "q" else { return nil }
                    return Double(pair[1].trimmingWhitespace)
                }.first ?? 1
            switch name {
            case "br": brotli = brotli ?? quality
            case "gzip", "x-gzip": gzip = gzip ?? quality
            case "*": star = star ?? quality
            default: break
            }
        }
        let brotliQuality = brotli ?? star ?? 0
        let gzipQuality = gzip ?? star ?? 0
        if brotliQuality > 0, brotliQuality >= gzipQuality { return .brotli }
        if gzipQuality > 0 { return .gzip }
        return nil
    }
}
