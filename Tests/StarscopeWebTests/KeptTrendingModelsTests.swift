import Foundation
import StarscopeCore
import StarscopeModels
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// New & popular's model is made again unless it would be the very same: the same array of rows
/// from GitHub's kept answer, the same favourites, and ages that say the same words.
@Suite struct KeptTrendingModelsTests {
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

    @Test func theSameInputsGiveTheSameRowsAndAnythingElseMakesThemAgain() throws {
        let models = KeptTrendingModels()
        let key = KeptTrendingModels.Key(viewer: .owner, list: TrendingList())
        let items = Self.repositories(3)
        let inputs = KeptTrendingModels.Inputs(items: items, favorites: [2], next: nil, incomplete: false)
        let made = Self.page(items, favorites: [2], at: Self.now)
        #expect(models.model(key, inputs: inputs, now: Self.now) == nil)
        models.keep(made, key: key, inputs: inputs)
        // A second later, the same array: the same model, its rows one array with the kept ones.
        let kept = try #require(models.model(key, inputs: inputs, now: Self.now.addingTimeInterval(1)))
        #expect(kept.rows.isSameBuffer(as: made.rows))
        // Another favourite, another next page, another account, or a day later (the ages say
        // other words): made again.
        #expect(models.model(key, inputs: .init(items: items, favorites: [1, 2], next: nil, incomplete: false), now: Self.now) == nil)
        #expect(
            models.model(
                key, inputs: .init(items: items, favorites: [2], next: TrendingList().with(page: 2), incomplete: false), now: Self.now)
                == nil)
        #expect(models.model(key, inputs: .init(items: items, favorites: [2], next: nil, incomplete: true), now: Self.now) == nil)
        #expect(models.model(.init(viewer: Viewer(stored: "mona"), list: TrendingList()), inputs: inputs, now: Self.now) == nil)
        #expect(models.model(key, inputs: inputs, now: Self.now.addingTimeInterval(86_400)) == nil)
    }

    /// GitHub's answer refreshed with the same rows is a new array of equal repositories: the
    /// model made before, its rows the same array (so a page rendered for them is found at once),
    /// and the next look-up with the new array needs no comparing. Other repositories make it again.
    @Test func equalRowsInANewArrayGiveTheModelMadeBefore() throws {
        let models = KeptTrendingModels()
        let key = KeptTrendingModels.Key(viewer: .owner, list: TrendingList())
        let items = Self.repositories(3)
        let made = Self.page(items, favorites: [2], at: Self.now)
        models.keep(made, key: key, inputs: .init(items: items, favorites: [2], next: nil, incomplete: false))
        var refreshed = items
        refreshed.append(items[0])
        refreshed.removeLast()
        #expect(!refreshed.isSameBuffer(as: items) && refreshed == items)
        let inputs = KeptTrendingModels.Inputs(items: refreshed, favorites: [2], next: nil, incomplete: false)
        let kept = try #require(models.model(key, inputs: inputs, now: Self.now.addingTimeInterval(1)))
        #expect(kept.rows.isSameBuffer(as: made.rows))
        #expect(try #require(models.model(key, inputs: inputs, now: Self.now)).rows.isSameBuffer(as: made.rows))
        // Still only when the ages say the same words.
        #expect(models.model(key, inputs: inputs, now: Self.now.addingTimeInterval(86_400)) == nil)
        var changed = refreshed
        changed[1].stargazersCount += 1
        #expect(models.model(key, inputs: .init(items: changed, favorites: [2], next: nil, incomplete: false), now: Self.now) == nil)
        #expect(models.model(key, inputs: .init(items: refreshed, favorites: [], next: nil, incomplete: false), now: Self.now) == nil)
    }

    /// A model made again from equal repositories (new arrays, another browser's token) is the same
    /// key, hashed alike; its pane is another.
    @Test func theSameListMadeAgainIsTheSameKey() {
        let origin = ListOrigin.trending(TrendingList())
        let first = Self.page(Self.repositories(25), favorites: [3], at: Self.now)
        let again = Self.page(Self.repositories(25), favorites: [3], at: Self.now.addingTimeInterval(5))
        let key = TrendingPage.RenderKey(origin: origin, page: first, context: PageContext(csrf: "a", viewer: .owner), part: .whole)
        let made = TrendingPage.RenderKey(origin: origin, page: again, context: PageContext(csrf: "b", viewer: .owner), part: .whole)
        #expect(key == made && key.hashValue == made.hashValue)
        #expect(key != TrendingPage.RenderKey(origin: origin, page: first, context: PageContext(csrf: "a", viewer: .owner), part: .pane))
        var starred = Self.repositories(25)
        starred[24].stargazersCount += 1
        #expect(
            key
                != TrendingPage.RenderKey(
                    origin: origin, page: Self.page(starred, favorites: [3], at: Self.now), context: PageContext(csrf: "a", viewer: .owner),
                    part: .whole))
        #expect(
            key
                != TrendingPage.RenderKey(
                    origin: origin, page: Self.page(Self.repositories(25), favorites: [], at: Self.now),
                    context: PageContext(csrf: "a", viewer: .owner),
                    part: .whole))
    }

    /// Rows are equal whatever moment they are shown at; what the moment changes is in the key's ages.
    @Test func rowsAreEqualWheneverTheyAreShown() {
        let items = Self.repositories(2)
        let first = Self.page(items, favorites: [], at: Self.now)
        let later = Self.page(items, favorites: [], at: Self.now.addingTimeInterval(30 * 86_400))
        #expect(first.rows == later.rows && first.rows[0].hashValue == later.rows[0].hashValue)
        #expect(TrendingPage.ages(of: first.rows) != TrendingPage.ages(of: later.rows))
        let context = PageContext(csrf: "", viewer: .owner)
        let origin = ListOrigin.trending(TrendingList())
        #expect(
            TrendingPage.RenderKey(origin: origin, page: first, context: context, part: .whole)
                != TrendingPage.RenderKey(origin: origin, page: later, context: context, part: .whole))
        #expect(Self.page(items, favorites: [1], at: Self.now).rows != first.rows)
    }
}
