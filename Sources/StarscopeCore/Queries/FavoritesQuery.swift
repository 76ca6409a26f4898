import Foundation
import StarscopeStore

/// Which of a viewer's favourites to show: those matching every word (in name, description,
/// topics, note or tags), of a language and carrying a tag, in an order, one page at a time.
public struct FavoritesQuery: Hashable, Sendable {
    public enum Sort: String, CaseIterable, Sendable {
        /// Newest first (the store's order).
        case added
        /// Most stars first.
        case stars
        /// By name, any case.
        case name
    }

    /// Favourites a page holds, so a page stays small however many there are.
    public static let rowsPerPage = 100

    /// Lowercased words, each of which a favourite must match.
    public var words: [Substring]
    public var language: String?
    public var tag: String?
    public var sort: Sort
    public var page: Int

    public init(words: [Substring] = [], language: String? = nil, tag: String? = nil, sort: Sort = .added, page: Int = 1) {
        self.words = words
        self.language = language
        self.tag = tag
        self.sort = sort
        self.page = max(1, page)
    }

    /// Whether `favorite` is one this query shows.
    public func keeps(_ favorite: Favorite) -> Bool {
        favorite.matches(words)
            && (language.map { $0.caseInsensitiveCompare(favorite.repository.language ?? "") == .orderedSame } ?? true)
            && (tag.map { tag in favorite.tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } } ?? true)
    }

    /// `favorites` in this query's order.
    public func sorted(_ favorites: [Favorite]) -> [Favorite] {
        switch sort {
        case .added: favorites
        case .stars: favorites.sorted { $0.repository.stargazersCount > $1.repository.stargazersCount }
        case .name: favorites.sorted { $0.repository.fullName.lowercased() < $1.repository.fullName.lowercased() }
        }
    }
}

/// One page of the favourites a query shows, and what the whole list holds.
public struct FavoritesWindow: Sendable {
    /// This page's favourites, in the query's order.
    public var items: [Favorite]
    /// How many favourites there are in all, shown or not.
    public var total: Int
    /// Whether the query shows more after this page.
    public var hasNext: Bool
    /// Every language among all the favourites, by name, for a filter.
    public var languages: [String]
    /// Starscope's own star counts of this page's favourites, oldest first, by repository (for
    /// sparklines); none when the store cannot say.
    public var histories: [Int64: [StarSample]]
}

extension Favorites {
    /// The page of favourites `query` shows, from the store.
    public func window(_ query: FavoritesQuery) async throws(StarscopeError) -> FavoritesWindow {
        let all = try await list(refresh: false)
        let shown = query.sorted(all.filter(query.keeps))
        let start = min(shown.count, (query.page - 1) * FavoritesQuery.rowsPerPage)
        let end = min(shown.count, start + FavoritesQuery.rowsPerPage)
        let languages = Set(all.compactMap { $0.repository.language.flatMap { $0.isEmpty ? nil : $0 } }).sorted {
            $0.localizedCaseInsensitiveCompare($1) == .orderedAscending
        }
        let items = Array(shown[start..<end])
        let histories = (try? await database.starHistories(repositoryIDs: items.map(\.repository.id))) ?? [:]
        return FavoritesWindow(
            items: items, total: all.count, hasNext: end < shown.count, languages: languages, histories: histories)
    }
}
