import Foundation

/// A list as shown to the user, with what GitHub said about it.
public struct ListResult<Item: Sendable>: Sendable {
    public var items: [Item]
    /// Search only: how many matches GitHub counted.
    public var totalCount: Int?
    /// Search only: GitHub's search timed out and some results may be missing.
    public var incomplete: Bool
    /// How many pages were fetched.
    public var requests: Int
    /// Every page came from the store, not from GitHub: nothing new was learnt.
    public var isStored = false
    /// Items GitHub sent that could not be read and were left out (see `Page.skippedItems`):
    /// worth a notice, since the list is shorter than GitHub's.
    public var skippedItems = 0

    public init(items: [Item], totalCount: Int? = nil, incomplete: Bool = false, requests: Int = 0) {
        self.items = items
        self.totalCount = totalCount
        self.incomplete = incomplete
        self.requests = requests
    }
}
