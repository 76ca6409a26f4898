import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels

/// New & popular's list: its own page and the pane beside a detail opened from it.
struct TrendingPane {
    /// GitHub and the store as the request's viewer reads them.
    let reading: ForViewer<ReadContext>

    /// The list's model; a page GitHub cannot give is a model with a failure, not an error.
    func model(_ list: TrendingList, context: WebContext) async throws -> TrendingPage {
        let reading = await self.reading(for: context)
        var page = TrendingPage(list: list)
        do {
            let window = try await reading.lists.trendingPage(list.query, page: list.page, rows: TrendingList.rowsPerPage)
            let favorites = await reading.favoriteIDs(for: context.viewer)
            let now = reading.now()
            page.rows = window.items.map {
                RepositoryRow($0, favorite: favorites.contains($0.id), origin: .trending(list), now: now)
            }
            page.next = window.nextPage.map { list.with(page: $0) }
            page.incomplete = window.incomplete
        } catch {
            if case .invalidInput = error { throw HTTPError(.badRequest, message: error.message) }
            page.failure = Failure(error, retry: SiteURL.trending(list).href)
            page.status = error.isNotFound ? .notFound : .serviceUnavailable
        }
        return page
    }
}
