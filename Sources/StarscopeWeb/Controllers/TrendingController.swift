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
    /// New & popular rendered before, pages and panes (`RenderedPages`).
    let pages: RenderedPages<TrendingPage.RenderKey>
    /// New & popular's models by what they were made from.
    let models: KeptTrendingModels

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
            let model = try await model(list, context: context)
            // A page showing a private repository is its viewer's alone: it is never kept.
            guard model.isForEveryone else {
                return context.render(SplitPage(origin: origin, list: model))
            }
            // The model goes into the key whole (its rows are not copied, and keep the moment they
            // are shown at); a page not kept yet is rendered from the key's model.
            let key = TrendingPage.RenderKey(origin: origin, page: consume model, context: context.page(origin.section), part: .whole)
            let render = { context.render(SplitPage(origin: origin, list: key.page)) }
            // A kept page is written from its parts straight into the answer.
            if let copy = pages.copy(key, token: context.csrf, render: render) { return copy }
            return render()
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
            let inputs = KeptTrendingModels.Inputs(
                items: window.items, favorites: favorites, next: window.nextPage.map { list.with(page: $0) },
                incomplete: window.incomplete)
            // The same rows from the same answer: the model made from them before.
            let key = KeptTrendingModels.Key(viewer: context.viewer, list: list)
            if let kept = models.model(key, inputs: inputs, now: now) { return kept }
            page.rows = window.items.map {
                RepositoryRow($0, favorite: favorites.contains($0.id), origin: .trending(list), now: now)
            }
            page.next = inputs.next
            page.incomplete = window.incomplete
            models.keep(page, key: key, inputs: inputs)
        } catch {
            if case .invalidInput = error { throw HTTPError(.badRequest, message: error.message) }
            page.failure = Failure(error, retry: SiteURL.trending(list).href)
            page.status = error.isNotFound ? .notFound : .serviceUnavailable
        }
        return page
    }
}
