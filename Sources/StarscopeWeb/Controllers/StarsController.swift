import Foundation
import Hummingbird
import StarscopeCore

/// `POST /star` (star or unstar on GitHub) and `POST /favorites/sync` (GitHub stars → favourites,
/// and with `push`, favourites → stars). Both need a token; neither ever deletes anything.
struct StarsController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.post(RouterPath(SiteURL.Pattern.star), use: star)
        router.post(RouterPath(SiteURL.Pattern.favoritesSync), use: sync)
    }

    @Sendable func star(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        guard let name = try? RepositoryName(parsing: form["repo"] ?? "") else {
            throw HTTPError(.badRequest, message: "That is not a repository name.")
        }
        do {
            try await services.stars(for: context).setStar(name, starred: form["starred"] != "false")
        } catch {
            throw HTTPError(Self.status(error), message: Self.sentence(error))
        }
        return .redirect(to: LocalPath.safe(form["return"]) ?? SiteURL.repository(name, from: .trending(TrendingList())).href, type: .found)
    }

    @Sendable func sync(_ request: Request, context: WebContext) async throws -> HTML {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let list = FavoritesList()
        var result: FavoritesPage.SyncResult
        do {
            let report = try await services.stars(for: context).sync(push: form["push"] == "1")
            result = .init(
                added: report.added.count, alreadyFavorites: report.alreadyFavorites.count, pushed: report.pushed.count,
                failure: report.pushFailure, pushRequested: form["push"] == "1")
        } catch {
            result = .init(added: 0, alreadyFavorites: 0, pushed: 0, failure: Self.sentence(error), pushRequested: form["push"] == "1")
        }
        var model = try await FavoritesController(services: services).model(list, context: context)
        model.syncResult = result
        return context.render(SplitPage(origin: .favorites(list), list: model))
    }

    static func status(_ error: StarscopeError) -> HTTPResponse.Status {
        switch error {
        case .notFound: .notFound
        case .badCredentials: .forbidden
        case .invalidInput: .badRequest
        default: .serviceUnavailable
        }
    }

    /// The error for a browser user: where to fix a missing or rejected token.
    static func sentence(_ error: StarscopeError) -> String {
        Failure(error, retry: "").message
    }
}
