import Foundation

/// A tag as the Favourites screen and `favorites tags` show it: its name, what it is for, and how
/// many favourites carry it. A described tag that no favourite carries any more is still one
/// (count 0), so that its description is not lost.
public struct TagSummary: Sendable, Hashable {
    public var tag: String
    /// What the tag is for, "" when it has not been described.
    public var description: String
    public var count: Int
    /// Whether its List on GitHub is made public (else private) when the tag is pushed as one.
    public var isPublic: Bool

    public init(tag: String, description: String = "", count: Int, isPublic: Bool = false) {
        self.tag = tag
        self.description = description
        self.count = count
        self.isPublic = isPublic
    }
}

extension TagSummary {
    /// The tags in use (as favourites spell them) and the described ones, one entry a tag (any
    /// case), by name.
    package static func merge(inUse: [(tag: String, count: Int)], described: [(tag: String, description: String, isPublic: Bool)])
        -> [TagSummary]
    {
        var byKey: [String: TagSummary] = [:]
        for (tag, count) in inUse {
            byKey[tag.lowercased(), default: TagSummary(tag: tag, count: 0)].count += count
        }
        for (tag, description, isPublic) in described {
            byKey[tag.lowercased(), default: TagSummary(tag: tag, count: 0)].description = description
            byKey[tag.lowercased(), default: TagSummary(tag: tag, count: 0)].isPublic = isPublic
        }
        return byKey.values.sorted {
            let order = $0.tag.lowercased().compare($1.tag.lowercased())
            return order == .orderedSame ? $0.tag < $1.tag : order == .orderedAscending
        }
    }
}
