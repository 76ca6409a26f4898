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
            // A list that can be empty (an empty repository's contributors) may come as
            // `204 No Content`: no body, no items.
            let items = response.status == 204 ? LossyArray<Item>(elements: []) : try decode(LossyArray<Item>.self, from: response)
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

    /// Up to `count` pages after `page`, in order; none on the last page. When `page`'s `Link`
    /// names the last page by number (as search and most lists do), the pages are asked for
    /// together, each by its `page=` number, so they cost one round trip instead of `count`;
    /// otherwise only the next page is fetched. If any fails, the first failure in page order is
    /// thrown, as fetching them one by one would have.
    public func pages<Item>(after page: Page<Item>, upTo count: Int) async throws(GitHubError) -> [Page<Item>] {
        guard let next = page.links.next else { return [] }
        let addresses = count > 1 ? Self.pageAddresses(from: next, through: page.links.lastPage, count: count) : [next]
        return try await pages(addresses.map { GitHubRequest.get($0) }, of: Item.self, shape: page.shape)
    }

    /// `page(_:of:shape:)`'s answer or its failure, as a value.
    func pageResult<Item>(_ request: GitHubRequest, of: Item.Type, shape: Page<Item>.Shape) async -> Result<Page<Item>, GitHubError> {
        do {
            return .success(try await page(request, of: Item.self, shape: shape))
        } catch {
            return .failure(error)
        }
    }

    /// The pages `requests` ask for, asked for together, in order. If any fails, the first
    /// failure in page order is thrown, as asking for them one by one would have.
    public func pages<Item>(_ requests: [GitHubRequest], of: Item.Type, shape: Page<Item>.Shape) async throws(GitHubError)
        -> [Page<Item>]
    {
        if requests.count == 1 {
            return [try await self.page(requests[0], of: Item.self, shape: shape)]
        }
        let results = await withTaskGroup(of: (Int, Result<Page<Item>, GitHubError>).self) { group in
            for (index, request) in requests.enumerated() {
                // The answer as a value, by a method: a `do throws(…)` in this closure makes the
                // release build (Swift 6.3.1) hand back a corrupt index.
                group.addTask { (index, await self.pageResult(request, of: Item.self, shape: shape)) }
            }
            var results = [Result<Page<Item>, GitHubError>?](repeating: nil, count: requests.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        var pages: [Page<Item>] = []
        for case .some(let result) in results {
            pages.append(try result.get())
        }
        return pages
    }

    /// `next` and the addresses of the pages after it, through `lastPage` and at most `count` in
    /// all: `next` with its `page=` number counted up. Just `next` when either number is unknown.
    static func pageAddresses(from next: URL, through lastPage: Int?, count: Int) -> [URL] {
        guard let lastPage, var components = URLComponents(url: next, resolvingAgainstBaseURL: false),
            let items = components.queryItems, let position = items.firstIndex(where: { $0.name == "page" }),
            let first = items[position].value.flatMap({ Count.parse($0) }), first <= lastPage
        else { return [next] }
        var addresses = [next]
        for number in (first + 1)...max(first + 1, min(lastPage, first + count - 1)) where number <= lastPage {
            var query = items
            query[position].value = String(number)
            components.queryItems = query
            guard let address = components.url else { break }
            addresses.append(address)
        }
        return addresses
    }

    /// The page after `page`, following its `Link: rel="next"`; nil on the last page.
    public func nextPage<Item>(after page: Page<Item>) async throws(GitHubError) -> Page<Item>? {
        guard let next = page.links.next else { return nil }
        return try await self.page(.get(next), of: Item.self, shape: page.shape)
    }
}
