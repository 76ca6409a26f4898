extension String {
    /// Whether the two say the same with ASCII letters' case ignored, read in place; nil when
    /// either holds a byte beyond ASCII, where case is Unicode's to decide (`lowercased()`,
    /// Foundation's compare). GitHub's names are ASCII: lowercasing 25 of them to find one, or
    /// Foundation's case-blind compare, costs far more than this, and every detail view does it.
    public func equalsIgnoringASCIICase(_ other: String) -> Bool? {
        var (left, right) = (self, other)
        return left.withUTF8 { a in
            right.withUTF8 { b in
                var same = a.count == b.count
                for byte in a where byte >= 0x80 { return nil }
                for byte in b where byte >= 0x80 { return nil }
                var index = 0
                while same, index < a.count {
                    same = Self.folded(a[index]) == Self.folded(b[index])
                    index += 1
                }
                return same
            }
        }
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
