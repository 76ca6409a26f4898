import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels

/// `/repos/OWNER/NAME`: a repository's detail beside the list it was opened from (`?from=…`, or
/// New & popular's own parameters).
struct RepositoryController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.repository), use: page)
    }

    @Sendable func page(_ request: Request, context: WebContext) async throws -> HTML {
        let origin = try ListOrigin(detailQuery: QueryValues(request))
        let name: RepositoryName
        do {
            name = try RepositoryName(owner: context.parameters.get("owner") ?? "", name: context.parameters.get("name") ?? "")
        } catch {
            return context.render(MessagePage.notFound(error.message, section: origin.section))
        }
        let list = try await ListModels(services: services).model(origin, context: context)
        let detail = await detail(name, origin: origin, beside: list, context: context)
        return context.render(SplitPage(origin: origin, list: list, detail: detail))
    }

    func detail(_ name: RepositoryName, origin: ListOrigin, beside list: any ListPane, context: WebContext) async -> RepositoryPage {
        let explorer = await services.explorer(for: context)
        let favorites = await explorer.favoriteIDs(account: context.account)
        var page = RepositoryPage(name: name, origin: origin, content: .notFound(""), now: explorer.now())
        do {
            // A row of the list beside it is as fresh as the list: no store read, no request.
            let wanted = name.description.lowercased()
            let repository: Repository
            if let row = list.rows.first(where: { $0.repository.fullName.lowercased() == wanted }) {
                repository = row.repository
            } else {
                repository = try await explorer.repository(name, snapshotFreshFor: 600)
            }
            page.content = .found(repository, favorite: favorites.contains(repository.id))
            let samples = (try? await services.database.starHistory(repositoryID: repository.id)) ?? []
            page.history = StarHistoryChart(points: samples.map { .init(date: $0.recordedAt, stars: $0.stars) }, now: page.now)
        } catch {
            page.content =
                error.isNotFound
                ? .notFound(error.message) : .failed(Failure(error, retry: SiteURL.repository(name, from: origin).href))
        }
        return page
    }
}

/// The model of whichever list a detail was opened from.
struct ListModels {
    let services: WebServices

    func model(_ origin: ListOrigin, context: WebContext) async throws -> any ListPane {
        switch origin {
        case .trending(let list): try await TrendingController(services: services).model(list, context: context)
        case .rising(let list): try await RisingController(services: services).model(list, context: context)
        case .favorites(let list): try await FavoritesController(services: services).model(list, context: context)
        case .account(let list): await AccountsController(services: services).model(list, context: context)
        }
    }
}
