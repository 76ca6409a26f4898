import HTTPTypes
import Hummingbird
import StarscopeStore

/// What is shown to a person whose own data the server keeps (the one user, a signed-in account)
/// is theirs alone: no shared cache may keep it, and once they have signed in the browser keeps
/// none of it either (`private, no-store`), so Back after signing out on a shared computer
/// shows nothing. What is the same for everyone keeps its own header: what says `public`
/// (avatars, embeds), assets, and what is open without sign-in (the service worker, `/healthz`).
struct PrivatePagesMiddleware: RouterMiddleware {
    typealias Context = WebContext

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let path = request.uri.path
        guard let field = Self.cacheControl(for: context.viewer, signedIn: context.sessionSecret != nil),
            response.headers[.cacheControl]?.hasPrefix("public") != true,
            !SignInMiddleware.openPaths.contains(path), !path.hasPrefix(Assets.prefix)
        else { return response }
        response.headers[fields: .cacheControl] = [field]
        return response
    }

    static let signedIn = HTTPField(name: .cacheControl, value: "private, no-store")
    static let ownerWithoutSignIn = HTTPField(name: .cacheControl, value: "private, no-cache")

    /// The header for what `viewer` is shown, or nil when it is public anyway (guests, everyone).
    static func cacheControl(for viewer: Viewer, signedIn: Bool) -> HTTPField? {
        switch viewer {
        case .owner, .account: signedIn ? Self.signedIn : Self.ownerWithoutSignIn
        case .guest, .everyone: nil
        }
    }
}
