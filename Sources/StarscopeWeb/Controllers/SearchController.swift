import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels

/// `/search?q=…&type=repositories|users`: all of GitHub. The page's shell (form, help, topics)
/// goes out at once and the rows follow when GitHub has answered (see `SectionsStream`), so a
/// slow GitHub never looks like a dead page.
struct SearchController {
    /// The list, as the pane beside a detail shows it too.
    let pane: SearchPane
    /// Pages go out whole (a shared store: another instance may take a retried request).
    let wholePages: Bool

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.search), use: page)
    }

    @Sendable func page(_ request: Request, context: WebContext) async throws -> Response {
        let list = try SearchList(QueryValues(request))
        var shell = SearchPage(list: list)
        shell.favoriteTopics = await pane.favoriteTopics(context)
        shell.rowsFollow = !list.search.text.isEmpty
        let page = context.render(SplitPage(origin: .search(list), list: shell))
        guard shell.rowsFollow else { return try page.response(from: request, context: context) }
        let pageContext = context.page(ListOrigin.search(list).section)
        var pending = shell
        pending.rowsFollow = false
        let model = pending
        return await SectionsStream.response(
            page, policy: SecurityMiddleware.policy, whole: wholePages, marker: SearchPage.rowsMarker
        ) {
            await pane.fill(model, context: context).results(pageContext)
        }
    }
}
