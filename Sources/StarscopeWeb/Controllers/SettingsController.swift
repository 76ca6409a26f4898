import Foundation
import GitHubAPI
import Hummingbird
import StarscopeCore
import StarscopeModels

/// `/settings`: the token (checked with GitHub, never shown again) and the theme.
struct SettingsController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get("/settings", use: show)
        router.post("/settings/token", use: saveToken)
        router.post("/settings/token/delete", use: deleteToken)
        router.post("/settings/theme", use: saveTheme)
    }

    @Sendable func show(_ request: Request, context: WebContext) async throws -> HTML {
        try await page(context: context, message: request.uri.queryParameters.get("saved").map { _ in "Token saved." })
    }

    func page(context: WebContext, message: String? = nil, error: String? = nil) async throws -> HTML {
        let page = context.page(.settings)
        let account: HTML
        let serverToken = services.settings.environmentToken?.token ?? ((try? services.tokenFile.read()) ?? nil)
        // With accounts, the server's own token is not the visitors' to see or change.
        let ownsServerToken = !services.settings.accounts
        var token = serverToken
        if !ownsServerToken {
            if page.account == SignInMiddleware.guest {
                account = "<p>Browsing as a guest: nothing can be changed, and GitHub's limits are the server's.</p>"
            } else {
                token = await services.accountToken(login: page.account)
                account =
                    "<p>Signed in as <strong>\(page.account)</strong> with your own token, checked with GitHub, sealed on this server and never shown again. Sign in again to replace it.</p>"
            }
        } else if token != nil {
            // The explorer's client carries this same token and answers from the cache while fresh.
            let client = services.explorer.client
            let source =
                services.settings.environmentToken.map { "from \($0.name) in the environment (it wins over a saved token)" }
                ?? "saved on this computer"
            do {
                let (profile, _) = try await client.tokenOwner()
                account = "<p>Using a token \(source), belonging to <strong>\(profile.login)</strong>.</p>"
            } catch {
                account =
                    "<p class=\"warning\">A token is \(source), but GitHub did not confirm it: \(StarscopeError(error, about: .token).message)</p>"
            }
        } else {
            account = "<p>No token: GitHub allows 60 requests an hour. A token (no scopes needed) raises that to 5,000.</p>"
        }
        let limits: HTML
        do {
            let overview = try await services.networkClient(token: token).rateLimits()
            let rows = ["core", "search"].compactMap { name -> HTML? in
                guard let limit = overview.resources[name] else { return nil }
                return
                    "<li>\(name == "core" ? "Requests" : "Searches"): \(GroupedNumber.format(limit.remaining)) of \(GroupedNumber.format(limit.limit)) left, resets at \(ClockTime.format(limit.reset))</li>"
            }
            limits = "<ul class=\"limits\">\(rows)</ul>"
        } catch {
            limits = "<p class=\"muted\">GitHub's rate limits cannot be read right now.</p>"
        }
        let remove: HTML =
            ownsServerToken && services.storedTokenExists
            ? """
            <form method="post" action="/settings/token/delete">
            <input type="hidden" name="csrf" value="\(page.csrf)">
            <button type="submit" class="danger">Remove the saved token</button>
            </form>
            """ : ""
        let themes = PageContext.Theme.allCases.map { theme -> HTML in
            let label = theme.rawValue.prefix(1).uppercased() + theme.rawValue.dropFirst()
            return
                "<label class=\"choice\"><input type=\"radio\" name=\"theme\" value=\"\(theme.rawValue)\"\(theme == page.theme ? " checked" : "")> \(label)</label>"
        }
        let main: HTML = """
            <section class="settings">
            <h1>Settings</h1>
            \(message.map { text -> HTML in "<p class=\"notice\" role=\"status\">\(text)</p>" } ?? "")
            \(error.map { text -> HTML in "<p class=\"error-state\" role=\"alert\">\(text)</p>" } ?? "")
            <h2>GitHub token</h2>
            \(account)
            \(limits)
            \(ownsServerToken ? Self.tokenForm(csrf: page.csrf) : "")
            \(remove)
            \(page.signedIn ? SettingsController.signOut(csrf: page.csrf) : "")
            <h2>Live star counts</h2>
            \(await liveStatus())
            <h2>Theme</h2>
            <form method="post" action="/settings/theme" class="themes">
            <input type="hidden" name="csrf" value="\(page.csrf)">
            <fieldset><legend>Appearance</legend>\(themes)</fieldset>
            <button type="submit">Save theme</button>
            </form>
            </section>
            """
        return Layout.page(title: "Settings", context: page, main: main)
    }

    static func tokenForm(csrf: String) -> HTML {
        """
        <form method="post" action="/settings/token" autocomplete="off">
        <input type="hidden" name="csrf" value="\(csrf)">
        <label for="token">Personal access token</label>
        <input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required placeholder="ghp_… or github_pat_…">
        <button type="submit">Check and save</button>
        </form>
        """
    }

    static func signOut(csrf: String) -> HTML {
        """
        <h2>This browser</h2>
        <p>Signed in with a one-time link.</p>
        <form method="post" action="/signout">
        <input type="hidden" name="csrf" value="\(csrf)">
        <button type="submit">Sign out</button>
        </form>
        """
    }

    func liveStatus() async -> HTML {
        let status = await services.live.status
        let share = Int((status.budget.share * 100).rounded())
        let next: HTML =
            status.nextCheckIn.map {
                "Next check in \(Int($0.rounded())) s for \(status.watching) open page\(status.watching == 1 ? "" : "s")."
            }
            ?? "No page is open, so nothing is being checked."
        let seen = ["core": "requests", "search": "searches"].sorted { $0.key < $1.key }.compactMap { resource, noun -> String? in
            status.lastLimits[resource].map { "\(GroupedNumber.format($0.remaining)) of \(GroupedNumber.format($0.limit)) \(noun)" }
        }
        let left: HTML = seen.isEmpty ? "" : " The last checks saw \(seen.joined(separator: " and ")) left."
        return """
            <p class="live-budget">Open pages are re-checked at most every \(Int(status.budget.minimumInterval)) s, spending at most \(share)% \
            of what remains of GitHub's rate limit, more slowly as it shrinks. \(next)\(left)</p>
            """
    }

    @Sendable func saveToken(_ request: Request, context: WebContext) async throws -> Response {
        try refuseWithAccounts()
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let token = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count < 256, GitHubToken.isWellFormed(token) else {
            let reason = GitHubToken.refusal(token, from: "this form") ?? "Paste one token: it has no spaces."
            return try await page(context: context, error: reason).with(status: .badRequest).response(from: request, context: context)
        }
        do {
            _ = try await services.networkClient(token: token).tokenOwner()
        } catch {
            return try await page(context: context, error: StarscopeError(error, about: .token).message).with(status: .badRequest).response(
                from: request, context: context)
        }
        do {
            try services.useStoredToken(token)
        } catch {
            throw HTTPError(.internalServerError, message: error.message)
        }
        return .redirect(to: "/settings?saved=1", type: .found)
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
        return .redirect(to: "/settings", type: .found)
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
        var response = Response.redirect(to: "/settings", type: .found)
        response.setCookie(Cookie(name: "theme", value: theme.rawValue, maxAge: 31_536_000, path: "/", httpOnly: false, sameSite: .lax))
        return response
    }
}
