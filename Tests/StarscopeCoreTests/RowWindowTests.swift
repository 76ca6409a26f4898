import StarscopeCore
import Testing

@Suite struct RowWindowTests {
    @Test func windowsOfTwentyFiveTileGitHubsPagesOfAHundred() {
        let items = Array(0..<100)
        var seen: [Int] = []
        for page in 1...4 {
            let window = RowWindow(page: page, rows: 25)
            #expect(window.upstreamPage == 1)
            let (rows, next) = window.cut(items, upstreamHasNext: true)
            seen += rows
            #expect(next == page + 1)
        }
        #expect(seen == items)
        #expect(RowWindow(page: 5, rows: 25).upstreamPage == 2)
        #expect(RowWindow(page: 5, rows: 25).offset == 0)
        #expect(RowWindow(page: 1, rows: 25).lastSearchPage == 40)
    }

    @Test func theLastWindowHasNoNextUnlessGitHubHasMore() {
        let short = Array(0..<60)
        #expect(RowWindow(page: 2, rows: 25).cut(short, upstreamHasNext: false).nextPage == 3)
        let last = RowWindow(page: 3, rows: 25).cut(short, upstreamHasNext: false)
        #expect(last.items == Array(50..<60))
        #expect(last.nextPage == nil)
        #expect(RowWindow(page: 4, rows: 25).cut(short, upstreamHasNext: false).items.isEmpty)
    }

    @Test(arguments: [(30, 25), (0, 1), (-5, 1), (100, 100), (7, 5), (1_000, 100)])
    func rowsAreADivisorOfAHundred(asked: Int, kept: Int) {
        #expect(RowWindow(page: 1, rows: asked).rows == kept)
    }
}
