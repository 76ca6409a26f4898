extension Array {
    /// Whether the two are one array: the same buffer, as long (both empty counts). Only
    /// meaningful while the caller holds `other`: a buffer held cannot be freed and reused by a
    /// new array, so then the same address is the same elements.
    public func isSameBuffer(as other: [Element]) -> Bool {
        guard count == other.count else { return false }
        guard !isEmpty else { return true }
        return withUnsafeBufferPointer { left in other.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress } }
    }
}
