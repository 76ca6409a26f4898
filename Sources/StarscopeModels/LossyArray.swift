/// A JSON array read item by item: an item that cannot be decoded (an older or newer shape of
/// an event, say) is skipped and counted, and the rest is kept.
///
/// An array of which no item can be read is refused as a whole: that is a wrong answer, not odd items.
public struct LossyArray<Element: Decodable & Sendable>: Decodable, Sendable {
    public var elements: [Element]
    /// How many items were skipped.
    public var skipped: Int

    public init(elements: [Element], skipped: Int = 0) {
        self.elements = elements
        self.skipped = skipped
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var skipped = 0
        var firstFailure: (any Error)?
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            do {
                elements.append(try container.decode(Element.self))
            } catch {
                // A failed decode leaves the item in place: step over it.
                _ = try container.decode(SkippedItem.self)
                skipped += 1
                firstFailure = firstFailure ?? error
            }
        }
        if elements.isEmpty, skipped > 0, let firstFailure {
            throw firstFailure
        }
        self.elements = elements
        self.skipped = skipped
    }

    /// Any JSON value, read and thrown away.
    private struct SkippedItem: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
