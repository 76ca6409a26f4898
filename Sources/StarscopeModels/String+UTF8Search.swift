import CMemmem

extension String {
    /// Where `needle` first occurs at or after `start`, compared byte by byte in UTF-8.
    ///
    /// Foundation's `range(of:)` compares in UTF-16 on Linux, copying the page into NSString's
    /// form first: finding a marker in a detail page that way would be a large part of the page's
    /// time. A match of a needle that starts with a whole scalar falls on scalar boundaries, so the
    /// indices slice the string as they would any other.
    public func firstUTF8Range(of needle: String, from start: Index? = nil) -> Range<Index>? {
        var haystack = self
        var pattern = needle
        let begin = utf8.distance(from: utf8.startIndex, to: start ?? utf8.startIndex)
        let found: Int? = haystack.withUTF8 { text in
            pattern.withUTF8 { wanted in Self.firstOffset(of: wanted, in: text, from: begin) }
        }
        guard let found else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: found)
        return lower..<utf8.index(lower, offsetBy: needle.utf8.count)
    }

    /// The offset of the first `wanted` in `text` at or after `begin`, by the C library's `memmem`
    /// (many bytes a step), rather than a byte at a time or `memchr` for the first byte then
    /// `memcmp`: a marker starts with `<`, which a page has at every tag.
    public static func firstOffset(of wanted: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from begin: Int) -> Int? {
        guard !wanted.isEmpty, begin >= 0, text.count - begin >= wanted.count, let base = text.baseAddress,
            let needle = wanted.baseAddress
        else { return nil }
        let start = UnsafeRawPointer(base)
        guard let hit = memmem(start + begin, text.count - begin, needle, wanted.count) else { return nil }
        return start.distance(to: UnsafeRawPointer(hit))
    }
}
