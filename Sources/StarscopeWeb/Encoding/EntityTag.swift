import NIOCore

/// A weak validator (`W/"…"`) made from a body's bytes, so it covers everything the body depends
/// on (account, theme, CSRF token, the answers it was made from) without listing any of it.
///
/// The hash is Swift's `Hasher` (SipHash, keyed at random per process): someone who sees tags
/// cannot make another body with the same one, so a tag can key the gzip cache too. A restarted
/// server makes new tags; a browser then downloads each page once more. Weak, because the same tag
/// names the gzip and the plain representation of one body.
struct EntityTag: Hashable, Sendable {
    let hash: Int
    let length: Int

    init(_ body: ByteBuffer) {
        var hasher = Hasher()
        body.withUnsafeReadableBytes { hasher.combine(bytes: $0) }
        hash = hasher.finalize()
        length = body.readableBytes
    }

    /// The tag of a body its maker hashed already (a kept page: `KeptPages`), from that hash.
    init(hash: Int, length: Int) {
        self.hash = hash
        self.length = length
    }

    /// `W/"<16 hex digits>-<length in hex>"`.
    var header: String {
        let digits = String(UInt64(bitPattern: Int64(hash)), radix: 16)
        return #"W/""# + String(repeating: "0", count: 16 - digits.count) + digits + "-" + String(length, radix: 16) + #"""#
    }

    /// `If-None-Match` names this tag (weak comparison, RFC 9110 §13.1.2), or is `*`.
    func matches(ifNoneMatch field: String) -> Bool {
        let mine = header.dropFirst(2)
        for candidate in field.split(separator: ",") {
            var tag = candidate.trimmingWhitespace
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == mine { return true }
        }
        return false
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
