extension Sequence<UInt8> {
    /// The bytes in lower-case hexadecimal, two digits each (digests, random tokens). Inlinable,
    /// so a caller's sequence is walked by code made for it: the generic one is costly for each
    /// byte, and every page's answer to a browser without a token yet makes a token this way.
    @inlinable public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
