import Foundation
import Hummingbird
import StarscopeCore
import StarscopeStore

/// `/updates`: the last 30 days of updates on the account's favourites; viewing marks them seen.
struct UpdatesController {
    let updates: ForViewer<UpdatesFeed>
    let favorites: ForViewer<Favorites>
    /// How often favourites are checked in the background; nil offline.
    let checkInterval: Double?

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.updates), use: page)
    }

    @Sendable func page(_ request: Request, context: WebContext) async throws -> HTML {
        let feed = await updates(for: context)
        let now = Date()
        do {
            let updates = try await feed.recent(now: now)
            let fresh = updates.filter { !$0.seen }
            if !context.isReadOnly { try await feed.markSeen(fresh) }
            let count = try await favorites(for: context).count()
            var shown = context
            shown.unreadUpdates = 0
            let page = UpdatesPage(
                updates: updates, unseen: Set(fresh.compactMap(\.id)), favoritesCount: count,
                checkInterval: checkInterval, now: now)
            return shown.render(page)
        } catch {
            throw HTTPError(.serviceUnavailable, message: error.message)
        }
    }
}

extension WebContext {
    var isReadOnly: Bool { viewer == .guest }
}

/// Reads, for pages, how many updates the account has not seen (the navigation's count).
struct UpdatesCountMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let updates: ForViewer<UpdatesFeed>

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        if request.method == .get, request.headers[.accept]?.contains("text/event-stream") != true, Self.isPage(request.uri.path) {
            context.unreadUpdates = await updates(for: context).unseenCount()
        }
        return try await next(request, context)
    }

    /// Pages, not assets, avatars, streams, the health check or the metrics.
    static func isPage(_ path: String) -> Bool {
        !(path.hasPrefix(Assets.prefix) || path == SiteURL.Pattern.avatar || path == SiteURL.Pattern.live || path == SiteURL.Pattern.healthz
            || path == SiteURL.Pattern.metrics || path.hasPrefix("/feeds/") || path == SiteURL.Pattern.manifest
            || path == SiteURL.Pattern.serviceWorker
            || path == SiteURL.Pattern.offline)
    }
}
