import Foundation
import HTTPTypes
import Hummingbird
import StarscopeStore

/// `/signin?code=…` turns a one-time link into a session cookie; `/signout` ends the session.
struct SignInController {
    static let sessionLifetime: TimeInterval = 30 * 24 * 3_600
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get("/signin", use: signIn)
        router.post("/signout", use: signOut)
    }

    @Sendable func signIn(_ request: Request, context: WebContext) async throws -> Response {
        guard services.settings.requireSignIn, context.sessionSecret == nil else { return .redirect(to: "/", type: .normal) }
        guard let code = request.uri.queryParameters.get("code").map({ String($0.prefix(100)) }) else {
            return try SignInViews.page(.prompt, context: context.page(.none)).response(from: request, context: context)
        }
        let client = context.remoteAddress?.ipAddress ?? "unknown"
        switch await services.signInGate.redeem(code, client: client) {
        case .throttled:
            var response = try SignInViews.page(.throttled, context: context.page(.none)).with(status: .tooManyRequests).response(
                from: request, context: context)
            response.headers[.retryAfter] = "60"
            return response
        case .refused:
            return try SignInViews.page(.refused, context: context.page(.none)).with(status: .unauthorized).response(
                from: request, context: context)
        case .accepted:
            let (secret, session) = WebSession.make(account: "", lifetime: Self.sessionLifetime)
            do {
                try await services.database.saveSession(session)
            } catch {
                throw HTTPError(.serviceUnavailable, message: "Starscope cannot save the sign-in: \(error.message)")
            }
            // The link is used up; the next device needs a new one.
            await services.announceNewSignInLink()
            var response = Response.redirect(to: "/", type: .normal)
            response.setCookie(
                Cookie(
                    name: SignInMiddleware.cookie, value: secret, maxAge: Int(Self.sessionLifetime), path: "/",
                    secure: Self.isHTTPS(request), httpOnly: true, sameSite: .lax))
            return response
        }
    }

    @Sendable func signOut(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        if let secret = context.sessionSecret {
            services.sessions.forget(secret: secret)
            try? await services.database.deleteSession(secret: secret)
        }
        var response = Response.redirect(to: "/signin", type: .normal)
        response.setCookie(
            Cookie(
                name: SignInMiddleware.cookie, value: "", maxAge: 0, path: "/", secure: Self.isHTTPS(request), httpOnly: true,
                sameSite: .lax))
        return response
    }

    /// Behind a reverse proxy that terminates TLS, the cookie is marked `Secure`.
    static func isHTTPS(_ request: Request) -> Bool {
        guard let name = HTTPField.Name("X-Forwarded-Proto") else { return false }
        return request.headers[name]?.lowercased() == "https"
    }
}
