import Foundation
import StarscopeCore
import StarscopeModels
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// What a kept New & popular page is found by: the same list made again from an equal answer,
/// in any browser, finds the page kept for it; anything it shows differently does not.
@Suite struct TrendingRenderKeyTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func repositories(_ count: Int) -> [Repository] {
        (0..<count).map { index in
            Repository(
                id: Int64(index + 1), name: "r\(index)", fullName: "o/r\(index)", owner: Account(id: 9, login: "o"),
                htmlURL: "https://github.com/o/r\(index)", createdAt: now.addingTimeInterval(-3_600 * Double(index + 1)))
        }
    }

    static func page(_ items: [Repository], favorites: Set<Int64>, at moment: Date) -> TrendingPage {
        var page = TrendingPage(list: TrendingList())
        page.rows = items.map { RepositoryRow($0, favorite: favorites.contains($0.id), origin: .trending(TrendingList()), now: moment) }
        return page
    }

    /// A model made again from equal repositories (new arrays, another browser's token) is the same
    /// key, hashed alike; its pane is another.
    @Test func theSameListMadeAgainIsTheSameKey() {
        let origin = ListOrigin.trending(TrendingList())
        let first = Self.page(Self.repositories(25), favorites: [3], at: Self.now)
        let again = Self.page(Self.repositories(25), favorites: [3], at: Self.now.addingTimeInterval(5))
        let key = TrendingPage.RenderKey(origin: origin, page: first, context: PageContext(csrf: "a"), part: .whole)
        let made = TrendingPage.RenderKey(origin: origin, page: again, context: PageContext(csrf: "b"), part: .whole)
        #expect(key == made && key.hashValue == made.hashValue)
        #expect(key != TrendingPage.RenderKey(origin: origin, page: first, context: PageContext(csrf: "a"), part: .pane))
        var starred = Self.repositories(25)
        starred[24].stargazersCount += 1
        #expect(
            key
                != TrendingPage.RenderKey(
                    origin: origin, page: Self.page(starred, favorites: [3], at: Self.now), context: PageContext(csrf: "a"), part: .whole))
        #expect(
            key
                != TrendingPage.RenderKey(
                    origin: origin, page: Self.page(Self.repositories(25), favorites: [], at: Self.now), context: PageContext(csrf: "a"),
                    part: .whole))
    }
}
