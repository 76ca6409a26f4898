/// The envelope of `GET /search/repositories`.
public struct SearchResults<Item: Decodable & Sendable>: Decodable, Sendable {
    public var totalCount: Int
    public var incompleteResults: Bool
    public var items: [Item]
    /// Items that could not be decoded and were left out (see `LossyArray`).
    public var skippedItems: Int

    public init(totalCount: Int, incompleteResults: Bool, items: [Item], skippedItems: Int = 0) {
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.items = items
        self.skippedItems = skippedItems
    }

    enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let total = try c.decodeCount(forKey: .totalCount) else {
            throw DecodingError.keyNotFound(CodingKeys.totalCount, .init(codingPath: c.codingPath, debugDescription: "No total_count."))
        }
        totalCount = total
        // Recorded answers from 2014 have no `incomplete_results`.
        incompleteResults = try c.decodeIfPresent(Bool.self, forKey: .incompleteResults) ?? false
        let items = try c.decode(LossyArray<Item>.self, forKey: .items)
        self.items = items.elements
        skippedItems = items.skipped
    }
}

extension SearchResults: Encodable where Item: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(totalCount, forKey: .totalCount)
        try c.encode(incompleteResults, forKey: .incompleteResults)
        try c.encode(items, forKey: .items)
    }
}
