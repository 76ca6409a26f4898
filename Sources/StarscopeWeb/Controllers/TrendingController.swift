import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// `/`: New & popular, repositories created in a timeframe, most stars first.
struct TrendingController {
    /// GitHub and the store as the request's viewer reads them.
    let reading: ForViewer<ReadContext>
    /// Pages go out whole (a shared store: another instance may take a retried request).
    let wholePages: Bool

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.trending), use: page)
    }

    /// The shell and a placeholder first when GitHub is slow (see `PageStream`).
    @Sendable func page(_ request: Request, context: WebContext) async throws -> Response {
        let list = try TrendingList(QueryValues(request))
        let origin = ListOrigin.trending(list)
        let shell = SplitPage(origin: origin, list: TrendingPage(list: list))
        return try await PageStream.response(
            request, context: context, whole: wholePages, shell: shell, title: "new repositories"
        ) {
            context.render(SplitPage(origin: origin, list: try await model(list, context: context)))
        }
    }

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
