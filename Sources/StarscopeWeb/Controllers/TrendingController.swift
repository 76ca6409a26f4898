import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels

/// `/` (New & popular) and `/repos/OWNER/NAME` (a repository beside the list it came from).
struct TrendingController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get("/", use: list)
        router.get("/repos/:owner/:name", use: detail)
    }

    /// The list's state from the query string: `since`, `language`, `q`, `page`.
    static func listState(_ request: Request) throws -> (TrendingQuery, Int) {
        let parameters = request.uri.queryParameters
        let since = parameters.get("since").map { String($0) } ?? "week"
        guard let timeframe = Timeframe(rawValue: since) else {
            throw HTTPError(.badRequest, message: "“since” must be day, week or month.")
        }
        let pageText = parameters.get("page").map { String($0) } ?? "1"
        let lastPage = RowWindow(page: 1, rows: TrendingView.rowsPerPage).lastSearchPage
        guard let page = Int(pageText), (1...lastPage).contains(page) else {
            throw HTTPError(
                .badRequest, message: "“page” must be a number from 1 to \(lastPage): GitHub's search shows its first 1,000 results.")
        }
        let text = parameters.get("q").map { String($0) }
        let language = parameters.get("language").map { String($0) }
        try checkBounds(text: text, language: language)
        return (TrendingQuery(timeframe: timeframe, language: language, text: text), page)
    }

    /// The bounds on a list's free text, for pages and for `/live` alike.
    static func checkBounds(text: String?, language: String?) throws {
        if let text, text.count > 200 { throw HTTPError(.badRequest, message: "The search text is too long.") }
        if let language, language.count > 60 { throw HTTPError(.badRequest, message: "That language name is too long.") }
    }

    @Sendable func list(_ request: Request, context: WebContext) async throws -> HTML {
        let (query, page) = try Self.listState(request)
        let view = try await listView(query: query, page: page, context: context)
        // With nothing to show, the status says so too (the page still explains and offers a retry).
        return view.render(title: "New & popular", returnTo: view.listURL).with(status: view.listStatus)
    }

    func listView(query: TrendingQuery, page: Int, context: WebContext) async throws -> TrendingView {
        let explorer = await services.explorer(for: context)
        var view = TrendingView(
            query: query, page: page, repositories: [], nextPage: nil, favorites: [], listError: nil, detail: nil,
            context: context.page(.trending))
        do {
            let window = try await explorer.trendingPage(query, page: page, rows: TrendingView.rowsPerPage)
            view.repositories = window.items
            view.nextPage = window.nextPage
            view.incomplete = window.incomplete
        } catch {
            if case .invalidInput = error { throw HTTPError(.badRequest, message: error.message) }
            view.listError = StateViews.error(error.message, retry: view.listURL)
            view.listStatus = error.isNotFound ? .notFound : .serviceUnavailable
        }
        view.favorites = await explorer.favoriteIDs(account: context.account)
        // The banner is read after the work, so that it reflects what the cache reported.
        view.context = context.page(.trending)
        return view
    }

    @Sendable func detail(_ request: Request, context: WebContext) async throws -> Response {
        let owner = context.parameters.get("owner") ?? ""
        let name = context.parameters.get("name") ?? ""
        let repositoryName: RepositoryName
        do {
            repositoryName = try RepositoryName(owner: owner, name: name)
        } catch {
            return try StateViews.notFound(error.message, context: context.page(.trending)).response(from: request, context: context)
        }
        let (query, page) = try Self.listState(request)
        let explorer = await services.explorer(for: context)
        let returnTo = "/repos/\(repositoryName)?" + TrendingView.listQuery(query, page: page)
        var view = try await listView(query: query, page: page, context: context)
        let detail: HTML
        var status = HTTPResponse.Status.ok
        do {
            // A row of the list beside it is as fresh as the list: no store read, no request.
            let wanted = repositoryName.description.lowercased()
            let repository: Repository
            if let row = view.repositories.first(where: { $0.fullName.lowercased() == wanted }) {
                repository = row
            } else {
                repository = try await explorer.repository(repositoryName, snapshotFreshFor: 600)
            }
            let favorite = view.favorites.contains(repository.id)
            detail = RepositoryViews.detail(
                repository, favorite: favorite, now: explorer.now(), context: context.page(.trending),
                backHref: "/?" + TrendingView.listQuery(query, page: page), returnTo: returnTo)
        } catch {
            if case .notFound = error {
                status = .notFound
                detail =
                    "<div class=\"error-state not-found\"><h1>Not found</h1><p>\(error.message)</p><p><a class=\"button\" href=\"/\">Back to New &amp; popular</a></p></div>"
            } else {
                status = .serviceUnavailable
                detail = StateViews.error(error.message, retry: returnTo)
            }
        }
        view.detail = detail
        // The banner is read after the work, so that it reflects what the cache reported.
        view.context = context.page(.trending)
        let html = view.render(title: repositoryName.description, returnTo: returnTo).with(status: status)
        return try html.response(from: request, context: context)
    }
}
