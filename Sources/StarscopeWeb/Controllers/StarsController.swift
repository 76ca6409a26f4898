import Foundation
import Hummingbird
import StarscopeCore

/// `POST /star` (star or unstar on GitHub) and `POST /favorites/sync` (GitHub stars → favourites,
/// and with `push`, favourites → stars). Both need a token; neither ever deletes anything.
struct StarsController {
    let stars: ForViewer<GitHubStars>
    /// What starring and syncing did, for the page each form's redirect leads to.
    let starOutcomes: FormOutcomes<RepositoryPage.StarOutcome>
    let syncOutcomes: FormOutcomes<FavoritesPage.SyncResult>

    func addRoutes(to router: Router<WebContext>) {
        router.post(RouterPath(SiteURL.Pattern.star), use: star)
        router.post(RouterPath(SiteURL.Pattern.favoritesSync), use: sync)
    }

    /// Stars or unstars on GitHub. Scripts (`Accept: application/json`) get the state, the count
    /// and one sentence; a form is redirected (303) back to the detail, which says what happened.
    @Sendable func star(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        guard let name = try? RepositoryName(parsing: form["repo"] ?? "") else {
            throw HTTPError(.badRequest, message: "That is not a repository name.")
        }
        let wanted = form["starred"] != "false"
        var outcome: RepositoryPage.StarOutcome
        var status = HTTPResponse.Status.ok
        do {
            let change = try await stars(for: context).setStar(name, starred: wanted)
            outcome = .init(
                starred: change.starred, stars: change.stars,
                message: change.starred ? "Starred \(name) on GitHub." : "Removed your star from \(name) on GitHub.")
        } catch {
            status = FormAnswer.status(error)
            outcome = .init(starred: !wanted, stars: nil, message: Self.sentence(error), failed: true)
        }
        if request.headers[.accept]?.contains("application/json") == true {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            let json = FormAnswer.self
            let stars =
                outcome.stars.map {
                    ",\"stars\":\($0),\"compact\":\(json.jsonString(CompactNumber.format($0))),\"label\":\(json.jsonString(CountNoun.text($0, "star")))"
                } ?? ""
            let body =
                "{\"repo\":\(json.jsonString(name.description)),\"starred\":\(outcome.starred),\"failed\":\(outcome.failed)\(stars),\"message\":\(json.jsonString(outcome.message))}"
            return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        var back = LocalPath.safe(form["return"]) ?? SiteURL.repository(name, from: .trending(TrendingList())).href
        var builder = QueryBuilder()
        builder.add("star", await starOutcomes.keep(outcome, for: context.viewer))
        back += (back.contains("?") ? "&" : "?") + builder.parts.joined(separator: "&")
        return .redirect(to: back, type: .normal)
    }

    /// Syncs, then redirects (303) to Favourites, which shows what the sync did.
    @Sendable func sync(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        var result: FavoritesPage.SyncResult
        do {
            let report = try await stars(for: context).sync(push: form["push"] == "1")
            result = .init(
                added: report.added.count, alreadyFavorites: report.alreadyFavorites.count, pushed: report.pushed.count,
                failure: report.pushFailure, pushRequested: form["push"] == "1")
        } catch {
            result = .init(added: 0, alreadyFavorites: 0, pushed: 0, failure: Self.sentence(error), pushRequested: form["push"] == "1")
        }
        let id = await syncOutcomes.keep(result, for: context.viewer)
        return .redirect(to: FormAnswer.favorites(showing: "synced", id), type: .normal)
    }

    /// The error for a browser user: where to fix a missing or rejected token.
    static func sentence(_ error: StarscopeError) -> String {
        Failure(error, retry: "").message
    }
}
