import Foundation
import StarscopeModels

/// One page of a list, with what is needed to fetch the next one.
public struct Page<Item: Decodable & Sendable>: Sendable {
    /// How GitHub wraps the items of this list.
    public enum Shape: Sendable {
        /// A bare JSON array (`/users`, `/users/{login}/repos`, events).
        case array
        /// `{"total_count", "incomplete_results", "items"}` (search).
        case searchResults
    }

    public var items: [Item]
    public var links: LinkHeader
    public var rateLimit: RateLimit?
    /// Search only: how many results GitHub counted (only the first 1,000 can be read).
    public var totalCount: Int?
    /// Search only: GitHub timed out and results may be missing.
    public var incompleteResults: Bool
    public var shape: Shape
    /// The answer came from a store, not from GitHub (see `GitHubResponse.isStored`).
    public var isStored = false
    /// Items GitHub sent that could not be decoded and were left out (an older shape of an event,
    /// say); the rest of the page is kept. A page of which no item can be read fails instead.
    public var skippedItems = 0

    public init(items: [Item], links: LinkHeader, rateLimit: RateLimit?, totalCount: Int?, incompleteResults: Bool, shape: Shape) {
        self.items = items
        self.links = links
        self.rateLimit = rateLimit
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.shape = shape
    }
}

extension GitHubClient {
    /// Fetches one page of a list of the given shape.
    public func page<Item: Decodable & Sendable>(
        _ request: GitHubRequest,
        of: Item.Type = Item.self,
        shape: Page<Item>.Shape
    ) async throws(GitHubError) -> Page<Item> {
        switch shape {
        case .array:
            let response = try await send(request.expecting(LossyArray<Item>.self))
            let items = try decode(LossyArray<Item>.self, from: response)
            var page = Page(
                items: items.elements, links: response.links, rateLimit: response.rateLimit, totalCount: nil, incompleteResults: false,
                shape: shape)
            page.isStored = response.isStored
            page.skippedItems = items.skipped
            return page
        case .searchResults:
            let response = try await send(request.expecting(SearchResults<Item>.self))
            let results = try decode(SearchResults<Item>.self, from: response)
            var page = Page(
                items: results.items,
                links: response.links,
                rateLimit: response.rateLimit,
                totalCount: results.totalCount,
                incompleteResults: results.incompleteResults,
                shape: shape
            )
            page.isStored = response.isStored
            page.skippedItems = results.skippedItems
            return page
        }
    }

    /// The page after `page`, following its `Link: rel="next"`; nil on the last page.
    public func nextPage<Item>(after page: Page<Item>) async throws(GitHubError) -> Page<Item>? {
        guard let next = page.links.next else { return nil }
        return try await self.page(.get(next), of: Item.self, shape: page.shape)
    }
}
