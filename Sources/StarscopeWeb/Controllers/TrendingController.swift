import Foundation
import Hummingbird
import StarscopeCore

/// `/`: New & popular, repositories created in a timeframe, most stars first.
struct TrendingController {
    /// The list, as the pane beside a detail shows it too.
    let pane: TrendingPane
    /// Pages go out whole (a shared store: another instance may take a retried request).
    let wholePages: Bool
    let kept: KeptPages

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.trending), use: page)
    }

    /// The shell and a placeholder first when GitHub is slow (see `PageStream`).
    /// A page made a moment ago for the same key is used again (`KeptPages`).
    @Sendable func page(_ request: Request, context: WebContext) async throws -> Response {
        let key = KeptPages.Key(request, context: context)
        if let page = kept.response(key, token: context.csrf) { return page }
        let revision = kept.revision
        let list = try TrendingList(QueryValues(request))
        let origin = ListOrigin.trending(list)
        let shell = SplitPage(origin: origin, list: TrendingPage(list: list))
        let response = try await PageStream.response(
            request, context: context, whole: wholePages, shell: shell, title: "new repositories"
        ) { [kept] in
            let page = context.render(SplitPage(origin: origin, list: try await pane.model(list, context: context)))
            kept.keep(page, for: key, token: context.csrf, madeAt: revision)
            return page
        }
        return kept.sameAs(response, key, token: context.csrf)
    }
}
