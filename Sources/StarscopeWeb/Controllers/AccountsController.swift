import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels

/// `/users` (people), `/users/LOGIN` (an account and its repositories) and `/users/LOGIN/activity`.
struct AccountsController {
    let reading: ForViewer<ReadContext>
    /// An account's repositories, as the pane beside a detail shows them too.
    let pane: AccountPane
    /// Whose account is this browser's (`WebServices.ownLogin(for:)`).
    let ownLogin: ForViewer<String?>
    /// Pages go out whole (a shared store: another instance may take a retried request).
    let wholePages: Bool

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.people), use: people)
        router.get(RouterPath(SiteURL.Pattern.accountGo), use: go)
        router.get(RouterPath(SiteURL.Pattern.account), use: account)
        router.get(RouterPath(SiteURL.Pattern.activity), use: activity)
    }

    static func login(_ context: WebContext) throws -> String {
        let login = context.parameters.get("login") ?? ""
        guard RepositoryName.isValidLogin(login) else { throw HTTPError(.notFound) }
        return login
    }

    /// `/users/go?login=…` opens that account; without a login (the Accounts tab), your own
    /// account when a token says whose it is, else a page to open any.
    @Sendable func go(_ request: Request, context: WebContext) async throws -> Response {
        guard let asked = QueryValues(request)["login"] else {
            if let own = await ownLogin(for: context) {
                return .redirect(to: SiteURL.account(AccountList(login: own)).href, type: .found)
            }
            let page = AccountsHomePage(isGuest: context.viewer == .guest)
            return try context.render(page).response(from: request, context: context)
        }
        let login = String(asked.prefix(200)).trimmingCharacters(in: .whitespaces)
        guard RepositoryName.isValidLogin(login) else {
            let page = MessagePage.badRequest("“\(login)” is not a GitHub user or organisation name.", section: .accounts)
            return try context.render(page).response(from: request, context: context)
        }
        return .redirect(to: SiteURL.account(AccountList(login: login)).href, type: .found)
    }

    /// An unknown account is a 404 when GitHub says so within `PageStream.grace` (a cached
    /// answer); past it the shell has gone with 200 and "Not found" takes the rows' place.
    @Sendable func account(_ request: Request, context: WebContext) async throws -> Response {
        let list = try AccountList(login: try Self.login(context), QueryValues(request))
        let shell = SplitPage(origin: .account(list), list: AccountPage(list: list))
        return try await PageStream.response(
            request, context: context, whole: wholePages, shell: shell, title: list.login
        ) {
            context.render(SplitPage(origin: .account(list), list: await pane.model(list, context: context)))
        }
    }

    @Sendable func people(_ request: Request, context: WebContext) async throws -> Response {
        let list = try PeopleList(QueryValues(request))
        return try await PageStream.response(
            request, context: context, whole: wholePages, shell: PeoplePage(list: list), title: "people"
        ) {
            var page = PeoplePage(list: list)
            do throws(StarscopeError) {
                let (items, next) = try await self.reading(for: context).people.usersPage(since: list.since)
                page.accounts = list.byLogin ? items.sorted { $0.login.lowercased() < $1.login.lowercased() } : items
                page.next = next.map { PeopleList(since: $0, byLogin: list.byLogin) }
            } catch {
                page.failure = Failure(error, retry: SiteURL.people(list).href)
            }
            return context.render(page)
        }
    }

    @Sendable func activity(_ request: Request, context: WebContext) async throws -> Response {
        let login = try Self.login(context)
        let reading = await self.reading(for: context)
        let shell = ActivityPage(login: login, now: reading.now())
        return try await PageStream.response(
            request, context: context, whole: wholePages, shell: shell, title: "activity"
        ) {
            var page = shell
            do throws(StarscopeError) {
                page.events = try await reading.people.activity(login: login, limit: 100).items
            } catch {
                if error.isNotFound {
                    page.notFound = error.message
                } else {
                    page.failure = Failure(error, retry: SiteURL.activity(login: login).href)
                }
            }
            return context.render(page)
        }
    }
}
