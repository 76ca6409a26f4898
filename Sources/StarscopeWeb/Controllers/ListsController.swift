import Foundation
import Hummingbird
import StarscopeCore

/// What syncing with GitHub Lists did, in one line, for the page the form's redirect leads to.
struct ListsSyncOutcome: Codable, Sendable {
    var sentence: String
    var failed: Bool
}

/// `POST /favorites/sync-lists`: GitHub's star Lists ↔ tags (with `push`, tags go out as Lists),
/// then back (303) to the page the form was on, Favourites or Settings, which says what happened.
struct ListsController {
    let lists: ForViewer<ListSync>
    let outcomes: FormOutcomes<ListsSyncOutcome>

    func addRoutes(to router: Router<WebContext>) {
        router.post(RouterPath(SiteURL.Pattern.favoritesSyncLists), use: sync)
    }

    @Sendable func sync(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let push = form["push"] == "1"
        let outcome: ListsSyncOutcome
        do {
            let report = try await lists(for: context).sync(push: push)
            outcome = ListsSyncOutcome(sentence: report.sentence(push: push), failed: false)
        } catch {
            outcome = ListsSyncOutcome(sentence: error.message, failed: true)
        }
        let settings = SiteURL.Pattern.settings
        var back = form["return"] == settings ? settings : SiteURL.favorites(FavoritesList()).href
        var builder = QueryBuilder()
        builder.add("lists", await outcomes.keep(outcome, for: context.viewer))
        back += "?" + builder.parts.joined(separator: "&")
        return .redirect(to: back, type: .normal)
    }
}
