import Foundation
import GitHubAPI
import HTTPTypes
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// `/settings`: the token (checked with GitHub, never shown again), the theme, and with sign-in
/// "Sign out everywhere" and, with accounts, "Forget me".
struct SettingsController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.settings), use: show)
        router.post(RouterPath(SiteURL.Pattern.settingsToken), use: saveToken)
        router.post(RouterPath(SiteURL.Pattern.settingsTokenDelete), use: deleteToken)
        router.post(RouterPath(SiteURL.Pattern.settingsTheme), use: saveTheme)
        router.post(RouterPath(SiteURL.Pattern.settingsSignOutEverywhere), use: signOutEverywhere)
        router.get(RouterPath(SiteURL.Pattern.settingsForget), use: confirmForget)
        router.post(RouterPath(SiteURL.Pattern.settingsForget), use: forget)
    }

    @Sendable func show(_ request: Request, context: WebContext) async throws -> HTML {
        let values = QueryValues(request)
        // A refused token form redirected here (POST → 303 → GET): reloading does not send it again.
        if let reason = services.tokenRefusals.value(values["refused"], for: context.viewer) {
            return context.render(await model(context: context, error: reason))
        }
        return context.render(await model(context: context, message: values["saved"].map { _ in "Token saved." }))
    }

    func model(context: WebContext, message: String? = nil, error: String? = nil) async -> SettingsPage {
        // With accounts, the server's own token is not the visitors' to see or change.
        let ownsServerToken = !services.settings.accounts
        var token = services.settings.environmentToken?.token ?? ((try? services.tokenFile.read()) ?? nil)
        let state: SettingsPage.TokenState
        if !ownsServerToken {
            if let key = context.viewer.accountKey {
                let record = try? await services.database.account(key: key)
                token = record.flatMap { services.vault?.unseal($0.sealedToken) }
                state = .account(login: record?.login ?? key.rawValue)
            } else {
                state = .guest
            }
        } else if token != nil {
            let source =
                services.settings.environmentToken.map { "from \($0.name) in the environment (it wins over a saved token)" }
                ?? "saved on this computer"
            do {
                // The reading context's client carries this same token and answers from the cache while fresh.
                let (profile, _) = try await services.reading.client.tokenOwner()
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
            environmentTokenName: ownsServerToken ? services.settings.environmentToken?.name : nil,
            canRemoveToken: ownsServerToken && services.storedTokenExists, canForget: isAccount(context),
            live: await services.live(for: context).status,
            backgroundInterval: services.settings.environment.offline ? nil : services.settings.updatesInterval,
            uncheckable: (try? await services.database.watchProblems(for: context.viewer)) ?? [], message: message,
            error: error)
    }

    @Sendable func saveToken(_ request: Request, context: WebContext) async throws -> Response {
        try refuseWithAccounts()
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        if let variable = services.settings.environmentToken?.name {
            return refusal("\(variable) is set in the environment and wins over a token saved here: change it there.", context: context)
        }
        let token = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count < 256, GitHubToken.isWellFormed(token) else {
            let reason = GitHubToken.refusal(token, from: "this form") ?? "Paste one token: it has no spaces."
            return refusal(reason, context: context)
        }
        do {
            _ = try await services.networkClient(token: token).tokenOwner()
        } catch {
            return refusal(StarscopeError(error, about: .token).message, context: context)
        }
        do {
            try services.useStoredToken(token)
        } catch {
            throw HTTPError(.internalServerError, message: error.message)
        }
        return .redirect(to: SiteURL.settings(saved: true).href, type: .normal)
    }

    /// To Settings (303), which says why the token was not saved.
    func refusal(_ reason: String, context: WebContext) -> Response {
        var builder = QueryBuilder()
        builder.add("refused", services.tokenRefusals.keep(reason, for: context.viewer))
        return .redirect(to: SiteURL.settings(saved: false).href + "?" + builder.parts.joined(separator: "&"), type: .normal)
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
        return .redirect(to: SiteURL.settings(saved: false).href, type: .normal)
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
        if isAccount(context), let key = context.viewer.accountKey {
            try? await services.database.setTheme(theme.rawValue, account: key)
        }
        var response = Response.redirect(to: SiteURL.settings(saved: false).href, type: .normal)
        response.setCookie(Cookie(name: "theme", value: theme.rawValue, maxAge: 31_536_000, path: "/", httpOnly: false, sameSite: .lax))
        return response
    }

    /// Signed in with their own token (`--accounts`), not as a guest.
    func isAccount(_ context: WebContext) -> Bool {
        services.settings.accounts && context.sessionSecret != nil && context.viewer.accountKey != nil
    }

    /// Ends every session of this account (of the one user, without accounts), this one included.
    @Sendable func signOutEverywhere(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        guard context.sessionSecret != nil, context.viewer != .guest else { throw HTTPError(.notFound) }
        do {
            try await services.database.endSessions(for: context.viewer)
        } catch {
            throw HTTPError(.serviceUnavailable, message: "Starscope cannot end the sessions: \(error.message)")
        }
        services.sessions.forget(context.viewer)
        return signedOut(request, context: context, clearing: "\"cache\", \"storage\"")
    }

    /// The confirmation step before "Forget me".
    @Sendable func confirmForget(_ request: Request, context: WebContext) async throws -> HTML {
        guard isAccount(context), let key = context.viewer.accountKey else { throw HTTPError(.notFound) }
        let database = services.database
        let login = (try? await database.account(key: key))?.login ?? key.rawValue
        let favorites = (try? await database.favoriteIDs(for: context.viewer).count) ?? 0
        let updates = (try? await database.updates(for: context.viewer, unseenOnly: false, since: nil).count) ?? 0
        return context.render(ForgetPage(login: login, favorites: favorites, updates: updates))
    }

    /// Deletes the account's token, favourites, notes, tags, updates and sessions; the browser is
    /// told to drop what it kept of them.
    @Sendable func forget(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        guard isAccount(context), let key = context.viewer.accountKey else { throw HTTPError(.notFound) }
        guard form["confirm"] == "forget" else { return .redirect(to: SiteURL.settingsForget.href, type: .normal) }
        do {
            try await services.database.forgetAccount(key)
        } catch {
            throw HTTPError(.serviceUnavailable, message: "Starscope cannot forget the account: \(error.message)")
        }
        services.sessions.forget(context.viewer)
        services.forgetReading(key)
        return signedOut(request, context: context, clearing: "\"cache\", \"storage\", \"cookies\"")
    }

    /// To the sign-in page with the session cookie expired and `Clear-Site-Data: clearing`.
    func signedOut(_ request: Request, context: WebContext, clearing: String) -> Response {
        var response = Response.redirect(to: SiteURL.signIn.href, type: .normal)
        if let name = HTTPField.Name("Clear-Site-Data") { response.headers[name] = clearing }
        response.setCookie(
            Cookie(
                name: SignInMiddleware.cookie, value: "", maxAge: 0, path: "/", secure: services.isHTTPS(request, context: context),
                httpOnly: true,
                sameSite: .lax))
        return response
    }
}
