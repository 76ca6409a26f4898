/// The envelope of `GET /search/repositories`.
public struct SearchResults<Item: Decodable & Sendable>: Decodable, Sendable {
    public var totalCount: Int
    public var incompleteResults: Bool
    public var items: [Item]

    public init(totalCount: Int, incompleteResults: Bool, items: [Item]) {
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
    }
}

extension SearchResults: Encodable where Item: Encodable {}
