import Foundation
import Hummingbird
import StarscopeCore

/// `/rising`: stars gained over the last day, week or month, from Starscope's own history.
struct RisingController {
    /// The list, as the pane beside a detail shows it too.
    let pane: RisingPane

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.rising), use: page)
    }

    @Sendable func page(_ request: Request, context: WebContext) async throws -> HTML {
        let list = try RisingList(QueryValues(request))
        return context.render(SplitPage(origin: .rising(list), list: try await pane.model(list, context: context)))
    }
}
