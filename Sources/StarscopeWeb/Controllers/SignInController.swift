import Foundation
import GitHubAPI
import HTTPTypes
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// `/signin?code=…` turns a one-time link into a session cookie; `/signout` ends the session.
struct SignInController {
    static let sessionLifetime: TimeInterval = 30 * 24 * 3_600
    let settings: WebSettings
    let accounts: Accounts
    /// Counts sign-in tries per client and login, and redeems one-time links.
    let gate: SignInGate
    let sessions: SessionCache
    /// A client that always asks GitHub, for checking a token.
    let networkClient: @Sendable (String?) -> GitHubClient
    /// Forgets an account's reading context and live counts.
    let forgetReading: @Sendable (AccountKey) -> Void
    /// Issues the next one-time link once one is used.
    let announceNewSignInLink: @Sendable () async -> Void
    let proxies: TrustedProxies

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.signIn), use: signIn)
        router.post(RouterPath(SiteURL.Pattern.signIn), use: signInWithToken)
        router.post(RouterPath(SiteURL.Pattern.signInGuest), use: signInAsGuest)
        router.post(RouterPath(SiteURL.Pattern.signOut), use: signOut)
    }

    /// `--accounts`: a person signs in with their own token, checked with `GET /user`; it is
    /// sealed at rest and never shown again.
    @Sendable func signInWithToken(_ request: Request, context: WebContext) async throws -> Response {
        guard settings.accounts else { throw HTTPError(.notFound) }
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        guard await gate.allowAttempt(client: proxies.client(of: request, context: context)) else {
            return try throttled(request: request, context: context)
        }
        let token = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.count < 256, GitHubToken.isWellFormed(token) else {
            return try answer(
                .accounts(error: GitHubToken.refusal(token, from: "this form") ?? "That is not a GitHub token."), status: .badRequest,
                request: request, context: context)
        }
        let owner: Profile
        do {
            owner = try await networkClient(token).tokenOwner().profile
        } catch {
            return try answer(
                .accounts(error: StarscopeError(error, about: .token).message), status: .unauthorized, request: request, context: context)
        }
        let login = owner.login
        // Counted once GitHub has said whose the token is: only that account's holder spends it.
        guard await gate.allowSignIn(login: login) else {
            return try throttled(request: request, context: context)
        }
        let allowed = settings.allowedLogins
        guard allowed.isEmpty || allowed.contains(where: { $0.caseInsensitiveCompare(login) == .orderedSame }) else {
            return try answer(
                .accounts(error: "This server does not let \(login) sign in. Ask whoever runs it to add --allow-login \(login)."),
                status: .forbidden, request: request, context: context)
        }
        let record: AccountRecord
        do throws(StoreError) {
            // `--allow-login` names the person who had that login when they first signed in here:
            // someone GitHub gave it to later is not them.
            record = try await accounts.signIn(owner, token: token, allowedLogins: allowed)
        } catch {
            throw HTTPError(.serviceUnavailable, message: "Starscope cannot save the sign-in: \(error.message)")
        }
        guard record.userID == owner.id else {
            return try answer(
                .accounts(error: "This server let in another GitHub account called \(login) before; ask whoever runs it to let you in."),
                status: .forbidden, request: request, context: context)
        }
        forgetReading(record.key)
        var response = try await startSession(for: record.viewer, request: request, context: context)
        response.setCookie(Cookie(name: "theme", value: record.theme, maxAge: 31_536_000, path: "/", httpOnly: false, sameSite: .lax))
        return response
    }

    /// `--guests`: browse read-only on the server's budget, without a token.
    @Sendable func signInAsGuest(_ request: Request, context: WebContext) async throws -> Response {
        guard settings.accounts, settings.guests else { throw HTTPError(.notFound) }
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        guard await gate.allowGuest(client: proxies.client(of: request, context: context)) else {
            return try throttled(request: request, context: context)
        }
        let response = try await startSession(for: .guest, request: request, context: context)
        // At most so many guests: the oldest sessions end (their browsers see the sign-in page again).
        do {
            try await accounts.trimGuestSessions(keeping: settings.maximumGuestSessions)
        } catch {
            throw HTTPError(.serviceUnavailable, message: "Starscope cannot save the sign-in: \(error.message)")
        }
        sessions.forget(.guest)
        return response
    }

    /// 429 with the sign-in page saying to wait a minute.
    func throttled(request: Request, context: WebContext) throws -> Response {
        var response = try answer(.throttled, status: .tooManyRequests, request: request, context: context)
        response.headers[.retryAfter] = "60"
        return response
    }

    /// Stores a new session for `viewer` and answers with its cookie and a way home.
    func startSession(for viewer: Viewer, request: Request, context: WebContext) async throws -> Response {
        let secret: String
        do {
            secret = try await accounts.startSession(for: viewer, lifetime: Self.sessionLifetime)
        } catch {
            throw HTTPError(.serviceUnavailable, message: "Starscope cannot save the sign-in: \(error.message)")
        }
        var response = Response.redirect(to: SiteURL.trending(TrendingList()).href, type: .normal)
        response.setCookie(
            Cookie(
                name: SignInMiddleware.cookie, value: secret, maxAge: Int(Self.sessionLifetime), path: "/",
                secure: proxies.isHTTPS(request, context: context), httpOnly: true, sameSite: .lax))
        return response
    }

    func answer(_ state: SignInPage.State, status: HTTPResponse.Status = .ok, request: Request, context: WebContext) throws -> Response {
        let page = SignInPage(state: state, guests: settings.guests, status: status)
        return try context.render(page).response(from: request, context: context)
    }

    @Sendable func signIn(_ request: Request, context: WebContext) async throws -> Response {
        guard settings.requireSignIn, context.sessionSecret == nil else {
            return .redirect(to: SiteURL.trending(TrendingList()).href, type: .normal)
        }
        if settings.accounts {
            return try answer(.accounts(error: nil), request: request, context: context)
        }
        guard let code = QueryValues(request)["code"].map({ String($0.prefix(100)) }) else {
            return try answer(.prompt, request: request, context: context)
        }
        switch await gate.redeem(code, client: proxies.client(of: request, context: context)) {
        case .throttled:
            return try throttled(request: request, context: context)
        case .refused:
            return try answer(.refused, status: .unauthorized, request: request, context: context)
        case .accepted:
            let response = try await startSession(for: .owner, request: request, context: context)
            // The link is used up; the next device needs a new one.
            await announceNewSignInLink()
            return response
        }
    }

    @Sendable func signOut(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        if let secret = context.sessionSecret {
            sessions.forget(secret: secret)
            await accounts.endSession(secret: secret)
        }
        var response = Response.redirect(to: SiteURL.signIn.href, type: .normal)
        // The browser drops what it kept of this account: its HTTP cache and the service worker's
        // saved pages (the worker drops them too on reaching the sign-in page, for browsers
        // without this header and for sessions that end another way).
        if let clearSiteData = HTTPField.Name("Clear-Site-Data") { response.headers[clearSiteData] = Self.clearSiteData }
        response.setCookie(
            Cookie(
                name: SignInMiddleware.cookie, value: "", maxAge: 0, path: "/", secure: proxies.isHTTPS(request, context: context),
                httpOnly: true, sameSite: .lax))
        return response
    }

    static let clearSiteData = #""cache", "storage""#
}
