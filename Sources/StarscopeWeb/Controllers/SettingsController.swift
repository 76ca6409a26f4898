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
    let settings: WebSettings
    let accounts: Accounts
    /// The server's own token: its reading context, the one saved on this computer, and saving it.
    let serverReading: @Sendable () -> ReadContext
    let storedToken: @Sendable () -> String?
    let useStoredToken: @Sendable (String?) throws(StoreError) -> Void
    /// A client that always asks GitHub, for checking a token.
    let networkClient: @Sendable (String?) -> GitHubClient
    let live: ForViewer<LiveHub>
    /// Why a token was refused, for the page the form's redirect leads to.
    let tokenRefusals: FormOutcomes<String>
    let sessions: SessionCache
    /// Forgets an account's reading context and live counts.
    let forgetReading: @Sendable (AccountKey) -> Void
    let proxies: TrustedProxies
    /// What a sync with GitHub's star Lists did, and whether the viewer has a token to sync with.
    let listsOutcomes: FormOutcomes<ListsSyncOutcome>
    let canSyncLists: ForViewer<Bool>

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
        if let reason = await tokenRefusals.value(values["refused"], for: context.viewer) {
            return context.render(await model(context: context, error: reason))
        }
        if let lists = await listsOutcomes.value(values["lists"], for: context.viewer) {
            return context.render(
                await model(context: context, message: lists.failed ? nil : lists.sentence, error: lists.failed ? lists.sentence : nil))
        }
        return context.render(await model(context: context, message: values["saved"].map { _ in "Token saved." }))
    }

    func model(context: WebContext, message: String? = nil, error: String? = nil) async -> SettingsPage {
        // With accounts, the server's own token is not the visitors' to see or change.
        let ownsServerToken = !settings.accounts
        var token = settings.environmentToken?.token ?? storedToken()
        let state: SettingsPage.TokenState
        if !ownsServerToken {
            if let key = context.viewer.accountKey {
                let record = await accounts.account(key)
                token = record.flatMap { accounts.token(of: $0) }
                state = .account(login: record?.login ?? key.rawValue)
            } else {
                state = .guest
            }
        } else if token != nil {
            let source =
                settings.environmentToken.map { "from \($0.name) in the environment (it wins over a saved token)" }
                ?? "saved on this computer"
            do {
                // The reading context's client carries this same token and answers from the cache while fresh.
                let (profile, _) = try await serverReading().client.tokenOwner()
                state = .server(source: source, owner: profile.login, problem: nil)
            } catch {
                state = .server(source: source, owner: nil, problem: StarscopeError(error, about: .token).message)
            }
        } else {
            state = .none
        }
        var limits: [SettingsPage.Limit]?
        if let overview = try? await networkClient(token).rateLimits() {
            limits = [("core", "Requests"), ("search", "Searches")].compactMap { name, label in
                overview.resources[name].map { .init(label: label, remaining: $0.remaining, limit: $0.limit, reset: $0.reset) }
            }
        }
        let canSync = context.isReadOnly ? false : await canSyncLists(for: context)
        return SettingsPage(
            token: state, limits: limits, ownsServerToken: ownsServerToken,
            environmentTokenName: ownsServerToken ? settings.environmentToken?.name : nil,
            canRemoveToken: ownsServerToken && storedToken() != nil, canForget: isAccount(context),
            live: await live(for: context).status,
            backgroundInterval: settings.checkInterval,
            uncheckable: await accounts.watchProblems(for: context.viewer), message: message,
            error: error, canSyncLists: canSync)
    }

    @Sendable func saveToken(_ request: Request, context: WebContext) async throws -> Response {
        try refuseWithAccounts()
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        if let variable = settings.environmentToken?.name {
            return await refusal(
                "\(variable) is set in the environment and wins over a token saved here: change it there.", context: context)
        }
        let token = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count < 256, GitHubToken.isWellFormed(token) else {
            let reason = GitHubToken.refusal(token, from: "this form") ?? "Paste one token: it has no spaces."
            return await refusal(reason, context: context)
        }
        do {
            _ = try await networkClient(token).tokenOwner()
        } catch {
            return await refusal(StarscopeError(error, about: .token).message, context: context)
        }
        do {
            try useStoredToken(token)
        } catch {
            throw HTTPError(.internalServerError, message: error.message)
        }
        return .redirect(to: SiteURL.settings(saved: true).href, type: .normal)
    }

    /// To Settings (303), which says why the token was not saved.
    func refusal(_ reason: String, context: WebContext) async -> Response {
        var builder = QueryBuilder()
        builder.add("refused", await tokenRefusals.keep(reason, for: context.viewer))
        return .redirect(to: SiteURL.settings(saved: false).href + "?" + builder.parts.joined(separator: "&"), type: .normal)
    }

    @Sendable func deleteToken(_ request: Request, context: WebContext) async throws -> Response {
        try refuseWithAccounts()
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        do {
            try useStoredToken(nil)
        } catch {
            throw HTTPError(.internalServerError, message: error.message)
        }
        return .redirect(to: SiteURL.settings(saved: false).href, type: .normal)
    }

    /// With accounts, the server's token belongs to whoever runs it (`GH_TOKEN` or `auth login`).
    func refuseWithAccounts() throws {
        guard !settings.accounts else {
            throw HTTPError(
                .forbidden, message: "The server's token is set by whoever runs it; your own token is the one you signed in with.")
        }
    }

    @Sendable func saveTheme(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let theme = PageContext.Theme(rawValue: form["theme"] ?? "") ?? .system
        if isAccount(context), let key = context.viewer.accountKey {
            await accounts.setTheme(theme.rawValue, for: key)
        }
        var response = Response.redirect(to: SiteURL.settings(saved: false).href, type: .normal)
        response.setCookie(Cookie(name: "theme", value: theme.rawValue, maxAge: 31_536_000, path: "/", httpOnly: false, sameSite: .lax))
        return response
    }

    /// Signed in with their own token (`--accounts`), not as a guest.
    func isAccount(_ context: WebContext) -> Bool {
        settings.accounts && context.sessionSecret != nil && context.viewer.accountKey != nil
    }

    /// Ends every session of this account (of the one user, without accounts), this one included.
    @Sendable func signOutEverywhere(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        guard context.sessionSecret != nil, context.viewer != .guest else { throw HTTPError(.notFound) }
        do {
            try await accounts.endSessions(for: context.viewer)
        } catch {
            throw HTTPError(.serviceUnavailable, message: "Starscope cannot end the sessions: \(error.message)")
        }
        sessions.forget(context.viewer)
        return signedOut(request, context: context, clearing: "\"cache\", \"storage\"")
    }

    /// The confirmation step before "Forget me".
    @Sendable func confirmForget(_ request: Request, context: WebContext) async throws -> HTML {
        guard isAccount(context), let key = context.viewer.accountKey else { throw HTTPError(.notFound) }
        let (login, favorites, updates) = await accounts.forgetting(key)
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
            try await accounts.forget(key)
        } catch {
            throw HTTPError(.serviceUnavailable, message: "Starscope cannot forget the account: \(error.message)")
        }
        sessions.forget(context.viewer)
        forgetReading(key)
        return signedOut(request, context: context, clearing: "\"cache\", \"storage\", \"cookies\"")
    }

    /// To the sign-in page with the session cookie expired and `Clear-Site-Data: clearing`.
    func signedOut(_ request: Request, context: WebContext, clearing: String) -> Response {
        var response = Response.redirect(to: SiteURL.signIn.href, type: .normal)
        if let name = HTTPField.Name("Clear-Site-Data") { response.headers[name] = clearing }
        response.setCookie(
            Cookie(
                name: SignInMiddleware.cookie, value: "", maxAge: 0, path: "/", secure: proxies.isHTTPS(request, context: context),
                httpOnly: true,
                sameSite: .lax))
        return response
    }
}
