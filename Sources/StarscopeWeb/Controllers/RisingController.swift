import Foundation
import Hummingbird
import StarscopeCore

/// `/rising`: stars gained over the last day, week or month, from Starscope's own history.
struct RisingController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.rising), use: page)
    }

    @Sendable func page(_ request: Request, context: WebContext) async throws -> HTML {
        let list = try RisingList(QueryValues(request))
        return context.render(SplitPage(origin: .rising(list), list: try await model(list, context: context)))
    }

    func model(_ list: RisingList, context: WebContext) async throws -> RisingPage {
        let result = try await Rising(database: services.database).rank(list.timeframe)
        let explorer = await services.explorer(for: context)
        let favorites = await explorer.favoriteIDs(account: context.account)
        let now = explorer.now()
        let rows = result.entries.map { entry in
            RepositoryRow(
                entry.repository, favorite: favorites.contains(entry.repository.id), origin: .rising(list),
                gain: .init(stars: entry.gained, span: entry.to.timeIntervalSince(entry.from)), now: now)
        }
        return RisingPage(list: list, rows: rows, historyNote: result.historyNote(now: now))
    }
}
