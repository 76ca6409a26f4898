/// A short page of rows cut from GitHub's pages of 100, so that a screen downloads only what it
/// shows while GitHub is still asked for 100 at a time (the fewest requests for a long scroll).
public struct RowWindow: Hashable, Sendable {
    /// GitHub's largest `per_page`, and the size of every page asked for.
    public static let upstreamPageSize = 100
    /// Search shows only its first 1,000 results.
    public static let searchResultCap = 1_000

    /// Rows per window; divides 100 so that no window straddles two of GitHub's pages.
    public let rows: Int
    /// 1-based number of this window.
    public let page: Int

    /// `rows` is rounded down to a divisor of 100 (1, 2, 4, 5, 10, 20, 25, 50 or 100).
    public init(page: Int, rows: Int) {
        let divisors = [100, 50, 25, 20, 10, 5, 4, 2, 1]
        self.rows = divisors.first { $0 <= max(1, rows) } ?? 1
        self.page = max(1, page)
    }

    /// The GitHub page that holds this window.
    public var upstreamPage: Int { (page - 1) * rows / Self.upstreamPageSize + 1 }
    /// Where this window starts within its GitHub page.
    public var offset: Int { (page - 1) * rows % Self.upstreamPageSize }
    /// The last window of search results that GitHub will give.
    public var lastSearchPage: Int { Self.searchResultCap / rows }

    /// This window's rows out of its GitHub page, and whether a later window has rows: more on
    /// the same GitHub page, or a next GitHub page announced by `Link`.
    public func cut<Item>(_ items: [Item], upstreamHasNext: Bool) -> (items: [Item], nextPage: Int?) {
        let start = min(offset, items.count)
        let end = min(offset + rows, items.count)
        let more = end < items.count || upstreamHasNext
        return (Array(items[start..<end]), more ? page + 1 : nil)
    }
}
