import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels

/// `/users` (people), `/users/LOGIN` (an account and its repositories) and `/users/LOGIN/activity`.
struct AccountsController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get("/users", use: people)
        router.get("/users/go", use: go)
        router.get("/users/:login", use: account)
        router.get("/users/:login/activity", use: activity)
    }

    static func login(_ context: WebContext) throws -> String {
        let login = context.parameters.get("login") ?? ""
        guard RepositoryName.isValidLogin(login) else { throw HTTPError(.notFound) }
        return login
    }

    @Sendable func go(_ request: Request, context: WebContext) async throws -> Response {
        let login = (request.uri.queryParameters.get("login").map { String($0.prefix(200)) } ?? "").trimmingCharacters(in: .whitespaces)
        guard RepositoryName.isValidLogin(login) else {
            return try StateViews.badRequest("“\(login)” is not a GitHub user or organisation name.", context: context.page(.accounts))
                .response(from: request, context: context)
        }
        return .redirect(to: "/users/\(login)", type: .found)
    }

    @Sendable func account(_ request: Request, context: WebContext) async throws -> Response {
        let login = try Self.login(context)
        let forks = request.uri.queryParameters.get("forks") == "1"
        let pageText = request.uri.queryParameters.get("page").map { String($0) } ?? "1"
        guard let page = Int(pageText), (1...400).contains(page) else {
            throw HTTPError(.badRequest, message: "“page” must be a page number.")
        }
        let explorer = await services.explorer(for: context)
        let profile: Profile
        do {
            profile = try await explorer.profile(login: login)
        } catch {
            if error.isNotFound {
                return try StateViews.notFound(error.message, context: context.page(.accounts)).response(from: request, context: context)
            }
            let main: HTML = "\(AccountViews.switcher(login))\(StateViews.error(error.message, retry: "/users/\(login)"))"
            return try Layout.page(title: login, context: context.page(.accounts), main: main).with(status: .serviceUnavailable)
                .response(from: request, context: context)
        }
        let base = "/users/\(login)" + (forks ? "?forks=1" : "")
        let separator = forks ? "&" : "?"
        var list: HTML
        do {
            let (items, next) = try await explorer.repositoriesPage(of: login, includeForks: forks, page: page)
            let favorites = await explorer.favoriteIDs(account: context.account)
            let returnTo = base + (page > 1 ? "\(separator)page=\(page)" : "")
            let rows = items.map {
                RepositoryViews.row(
                    $0, favorite: favorites.contains($0.id), listQuery: "", context: context.page(.accounts), returnTo: returnTo)
            }
            let more: HTML =
                next.map { "<a class=\"load-more button\" rel=\"next\" href=\"\(base)\(separator)page=\($0)\">Load more</a>" } ?? ""
            list =
                rows.isEmpty && next == nil
                ? "<div class=\"empty-state\"><p>No \(forks ? "" : "non-fork ")public repositories on this page.</p></div>"
                : "<ol class=\"repo-list\">\(rows)</ol>\(more)"
        } catch {
            list = StateViews.error(error.message, retry: base)
        }
        let toggle: HTML =
            forks
            ? "<a class=\"button\" href=\"/users/\(login)\">Hide forks</a>"
            : "<a class=\"button\" href=\"/users/\(login)?forks=1\">Show forks</a>"
        let main: HTML = """
            <section class="list-pane single account" data-live-list="/users/\(login)?page=\(page)">
            \(AccountViews.switcher(login))
            \(AccountViews.profile(profile, now: explorer.now()))
            <div class="list-head"><h2>Repositories</h2><span>\(toggle) <a class="button" href="/users/\(login)/activity">Activity</a></span></div>
            \(list)
            </section>
            """
        return try Layout.page(title: profile.login, context: context.page(.accounts), main: main).response(from: request, context: context)
    }

    @Sendable func people(_ request: Request, context: WebContext) async throws -> HTML {
        let sinceText = request.uri.queryParameters.get("since").map { String($0) }
        var since: Int64?
        if let sinceText {
            guard let value = Int64(sinceText), value >= 0 else { throw HTTPError(.badRequest, message: "“since” must be an account id.") }
            since = value
        }
        let byLogin = request.uri.queryParameters.get("sort") == "login"
        let page = context.page(.people)
        var body: HTML
        do {
            let (items, next) = try await services.explorer(for: context).usersPage(since: since)
            let sorted = byLogin ? items.sorted { $0.login.lowercased() < $1.login.lowercased() } : items
            let sortParameter = byLogin ? "&sort=login" : ""
            let more: HTML =
                next.map { "<a class=\"load-more button\" rel=\"next\" href=\"/users?since=\($0)\(sortParameter)\">Load more</a>" } ?? ""
            body = "<ol class=\"people-list\">\(sorted.map(AccountViews.peopleRow))</ol>\(more)"
        } catch {
            body = StateViews.error(error.message, retry: "/users" + (since.map { "?since=\($0)" } ?? ""))
        }
        let joined = "/users" + (since.map { "?since=\($0)" } ?? "")
        let sortedByLogin = "/users?" + (since.map { "since=\($0)&" } ?? "") + "sort=login"
        let sortLinks: HTML =
            byLogin
            ? "<a class=\"segment\" href=\"\(joined)\">Joined</a><a class=\"segment\" aria-current=\"true\" href=\"\(sortedByLogin)\">Login</a>"
            : "<a class=\"segment\" aria-current=\"true\" href=\"\(joined)\">Joined</a><a class=\"segment\" href=\"\(sortedByLogin)\">Login</a>"
        let main: HTML = """
            <section class="list-pane single">
            <div class="list-head"><h1>People</h1></div>
            \(AccountViews.switcher(""))
            <nav class="segmented" aria-label="Sort">\(sortLinks)</nav>
            \(body)
            </section>
            """
        return Layout.page(title: "People", context: page, main: main)
    }

    @Sendable func activity(_ request: Request, context: WebContext) async throws -> Response {
        let login = try Self.login(context)
        let explorer = await services.explorer(for: context)
        let body: HTML
        var status = HTTPResponse.Status.ok
        do {
            let events = try await explorer.activity(login: login, limit: 100).items
            body =
                events.isEmpty
                ? "<div class=\"empty-state\"><p>\(login) has no recent public activity.</p></div>"
                : "<ol class=\"event-list\">\(events.map { AccountViews.eventRow($0, now: explorer.now()) })</ol>"
        } catch {
            if error.isNotFound {
                return try StateViews.notFound(error.message, context: context.page(.accounts)).response(from: request, context: context)
            }
            status = .serviceUnavailable
            body = StateViews.error(error.message, retry: "/users/\(login)/activity")
        }
        let main: HTML = """
            <section class="list-pane single">
            <div class="list-head"><h1>Activity of <a href="/users/\(login)">\(login)</a></h1></div>
            \(body)
            </section>
            """
        return try Layout.page(title: "\(login) activity", context: context.page(.accounts), main: main).with(status: status)
            .response(from: request, context: context)
    }
}
