import Foundation
import StarscopeCore

/// Favourites' list, from the store: its own page and the pane beside a detail opened from it.
struct FavoritesPane {
    let favorites: ForViewer<Favorites>
    /// Whether the viewer has a token to sync with.
    let stars: ForViewer<GitHubStars>

    func model(_ list: FavoritesList, context: WebContext) async throws -> FavoritesPage {
        let favorites = await self.favorites(for: context)
        let window = try await favorites.window(list.query)
        let now = Date()
        var page = FavoritesPage(list: list, total: window.total)
        if window.hasNext {
            var next = list
            next.page += 1
            page.next = next
        }
        page.rows = window.items.map { favorite in
            var row = RepositoryRow(favorite.repository, favorite: true, origin: .favorites(list), now: now)
            row.starredOnGitHub = favorite.starredOnGitHub
            row.tags = favorite.tags
            row.note = favorite.note
            row.trend = window.histories[favorite.repository.id].map { samples in
                StarHistoryChart(counts: StarHistoryChart.counts(samples), now: now)
            }
            return row
        }
        page.tags = try await favorites.tags()
        page.canSync = await stars(for: context).hasToken
        page.languages = window.languages
        return page
    }
}
