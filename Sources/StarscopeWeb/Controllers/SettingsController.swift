import Foundation
import GitHubAPI
import Hummingbird
import StarscopeCore
import StarscopeModels

/// `/settings`: the token (checked with GitHub, never shown again) and the theme.
struct SettingsController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.settings), use: show)
        router.post(RouterPath(SiteURL.Pattern.settingsToken), use: saveToken)
        router.post(RouterPath(SiteURL.Pattern.settingsTokenDelete), use: deleteToken)
        router.post(RouterPath(SiteURL.Pattern.settingsTheme), use: saveTheme)
    }

    @Sendable func show(_ request: Request, context: WebContext) async throws -> HTML {
        context.render(await model(context: context, message: QueryValues(request)["saved"].map { _ in "Token saved." }))
    }

    func model(context: WebContext, message: String? = nil, error: String? = nil) async -> SettingsPage {
        // With accounts, the server's own token is not the visitors' to see or change.
        let ownsServerToken = !services.settings.accounts
        var token = services.settings.environmentToken?.token ?? ((try? services.tokenFile.read()) ?? nil)
        let state: SettingsPage.TokenState
        if !ownsServerToken {
            if context.account == SignInMiddleware.guest {
                state = .guest
            } else {
                token = await services.accountToken(login: context.account)
                state = .account(login: context.account)
            }
        } else if token != nil {
            let source =
                services.settings.environmentToken.map { "from \($0.name) in the environment (it wins over a saved token)" }
                ?? "saved on this computer"
            do {
                // The explorer's client carries this same token and answers from the cache while fresh.
                let (profile, _) = try await services.explorer.client.tokenOwner()
                state = .server(source: source, owner: profile.login, problem: nil)
            } catch {
                state = .server(source: source, owner: nil, problem: StarscopeError(error, about: .token).message)
            }
        } else {
            state = .none
        }
        var limits: [SettingsPage.Limit]?
        if let overview = try? await services.networkClient(token: token).rateLimits() {
            limits = [("core", "Requests"), ("search", "Searches")].compactMap { name, label in
                overview.resources[name].map { .init(label: label, remaining: $0.remaining, limit: $0.limit, reset: $0.reset) }
            }
        }
        return SettingsPage(
            token: state, limits: limits, ownsServerToken: ownsServerToken,
            canRemoveToken: ownsServerToken && services.storedTokenExists, live: await services.live(for: context).status,
            backgroundInterval: services.settings.environment.offline ? nil : services.settings.updatesInterval,
            uncheckable: (try? await services.database.watchProblems(account: context.account)) ?? [], message: message,
            error: error)
    }

    @Sendable func saveToken(_ request: Request, context: WebContext) async throws -> Response {
        try refuseWithAccounts()
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let token = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count < 256, GitHubToken.isWellFormed(token) else {
            let reason = GitHubToken.refusal(token, from: "this form") ?? "Paste one token: it has no spaces."
            return try await refusal(reason, context: context).response(from: request, context: context)
        }
        do {
            _ = try await services.networkClient(token: token).tokenOwner()
        } catch {
            return try await refusal(StarscopeError(error, about: .token).message, context: context).response(
                from: request, context: context)
        }
        do {
            try services.useStoredToken(token)
        } catch {
            throw HTTPError(.internalServerError, message: error.message)
        }
        return .redirect(to: SiteURL.settings(saved: true).href, type: .found)
    }

    /// Settings again, saying why the token was not saved.
    func refusal(_ reason: String, context: WebContext) async -> HTML {
        var page = await model(context: context, error: reason)
        page.status = .badRequest
        return context.render(page)
    }

    @Sendable func deleteToken(_ request: Request, context: WebContext) async throws -> Response {
        try refuseWithAccounts()
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        do {
            try services.useStoredToken(nil)
        } catch {
            throw HTTPError(.internalServerError, message: error.message)
        }
        return .redirect(to: SiteURL.settings(saved: false).href, type: .found)
    }

    /// With accounts, the server's token belongs to whoever runs it (`GH_TOKEN` or `auth login`).
    func refuseWithAccounts() throws {
        guard !services.settings.accounts else {
            throw HTTPError(
                .forbidden, message: "The server's token is set by whoever runs it; your own token is the one you signed in with.")
        }
    }

    @Sendable func saveTheme(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let theme = PageContext.Theme(rawValue: form["theme"] ?? "") ?? .system
        if services.settings.accounts, !context.account.isEmpty, context.account != SignInMiddleware.guest {
            try? await services.database.setTheme(theme.rawValue, login: context.account)
        }
        var response = Response.redirect(to: SiteURL.settings(saved: false).href, type: .found)
        response.setCookie(Cookie(name: "theme", value: theme.rawValue, maxAge: 31_536_000, path: "/", httpOnly: false, sameSite: .lax))
        return response
    }
}
