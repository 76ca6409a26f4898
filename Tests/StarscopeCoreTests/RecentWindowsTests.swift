import Foundation
import StarscopeModels
import StarscopeStore
import Testing

@testable import StarscopeCore

/// A window cut again from the very page it was cut from is the same array; from any other page,
/// or cut another way, it is cut anew, and says what `RowWindow.cut` says.
@Suite struct RecentWindowsTests {
    static func page(_ count: Int) -> [Repository] {
        (0..<count).map { index in
            Repository(
                id: Int64(index + 1), name: "r\(index)", fullName: "o/r\(index)", owner: Account(id: 9, login: "o"),
                htmlURL: "https://github.com/o/r\(index)", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        }
    }

    @Test func theSamePageCutTheSameWayIsTheSameArray() {
        let windows = RecentWindows()
        let page = Self.page(100)
        let cuts = Counter()
        func cut(_ source: [Repository], _ window: RowWindow, hasNext: Bool = true) -> (items: [Repository], nextPage: Int?) {
            windows.cut(source, window: window, viewer: .owner, upstreamHasNext: hasNext) {
                cuts.count += 1
                return window.cut(source, upstreamHasNext: hasNext)
            }
        }
        let first = cut(page, RowWindow(page: 2, rows: 25))
        let again = cut(page, RowWindow(page: 2, rows: 25))
        #expect(again.items.isSameBuffer(as: first.items) && again.nextPage == first.nextPage && cuts.count == 1)
        #expect(first.items.map(\.id) == Array(26...50) && first.nextPage == 3)
        // Another window, another next page, or an equal page in another array: cut anew.
        #expect(cut(page, RowWindow(page: 3, rows: 25)).items.map(\.id) == Array(51...75))
        #expect(cut(page, RowWindow(page: 4, rows: 25), hasNext: false).nextPage == nil)
        var other = page
        other.append(page[0])
        other.removeLast()
        let fresh = cut(other, RowWindow(page: 2, rows: 25))
        #expect(!fresh.items.isSameBuffer(as: first.items) && fresh.items == first.items)
        #expect(cuts.count == 4)
    }

    @Test func itKeepsAFewPagesOnly() {
        let windows = RecentWindows()
        let pages = (0..<(RecentWindows.capacity + 1)).map { _ in Self.page(4) }
        var first: [Repository] = []
        for (index, page) in pages.enumerated() {
            let items = windows.cut(page, window: RowWindow(page: 1, rows: 2), viewer: .owner, upstreamHasNext: false) {
                RowWindow(page: 1, rows: 2).cut(page, upstreamHasNext: false)
            }.items
            if index == 0 { first = items }
        }
        // The oldest was dropped: cut again, it is another array.
        let again = windows.cut(pages[0], window: RowWindow(page: 1, rows: 2), viewer: .owner, upstreamHasNext: false) {
            RowWindow(page: 1, rows: 2).cut(pages[0], upstreamHasNext: false)
        }.items
        #expect(!again.isSameBuffer(as: first) && again == first)
    }

    final class Counter: @unchecked Sendable {
        var count = 0
    }
}
