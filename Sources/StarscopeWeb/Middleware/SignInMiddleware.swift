import Foundation
import Hummingbird
import StarscopeStore

/// When sign-in is required: a browser without a session is sent to `/signin` (pages) or refused
/// with 401 (form posts, `/live` and the feeds). `/healthz`, `/metrics` (which has its own rule:
/// `MetricsController`), `/signin` and the assets the sign-in page needs stay open.
struct SignInMiddleware: RouterMiddleware {
    typealias Context = WebContext
    static let cookie = "starscope_session"
    static let openPaths: Set<String> = [
        SiteURL.healthz.href, SiteURL.metrics.href, SiteURL.signIn.href, SiteURL.signInGuest.href, SiteURL.manifest.href,
        SiteURL.serviceWorker.href,
        SiteURL.offline.href,
    ]
    /// How the server runs: whether sign-in is required, with accounts, guests, public embeds.
    struct Rules: Sendable {
        var requireSignIn: Bool
        var accounts: Bool
        var guests: Bool
        var publicEmbeds: Bool

        init(_ settings: WebSettings) {
            (requireSignIn, accounts, guests, publicEmbeds) = (
                settings.requireSignIn, settings.accounts, settings.guests, settings.publicEmbeds
            )
        }
    }

    let rules: Rules
    let sessions: SessionCache
    let database: any Store

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        guard rules.requireSignIn else {
            // Without sign-in, whoever reaches the server is its one user.
            context.viewer = Viewer.owner
            return try await next(request, context)
        }
        if let secret = request.cookies[Self.cookie]?.value, Self.isWellFormed(secret),
            let viewer = await sessions.viewer(secret: secret, database: database),
            Self.fits(viewer, rules)
        {
            context.sessionSecret = secret
            context.viewer = viewer
            if viewer == .guest, request.method != .get, request.method != .head, request.uri.path != SiteURL.signOut.href {
                throw HTTPError(
                    .forbidden, message: "Guests can look but not change anything: sign in with a GitHub token to keep favourites.")
            }
            return try await next(request, context)
        }
        let path = request.uri.path
        if Self.openPaths.contains(path) || path.hasPrefix(Assets.prefix) { return try await next(request, context) }
        // `--public-embeds`: a README anywhere may show a public repository's star history.
        if rules.publicEmbeds, request.method == .get || request.method == .head, Self.isEmbed(path) {
            return try await next(request, context)
        }
        // A feed reader cannot follow a sign-in page: feeds, like `/live`, get 401.
        if (request.method == .get || request.method == .head) && path != SiteURL.Pattern.live && !path.hasPrefix(SiteURL.Pattern.feeds) {
            return .redirect(to: SiteURL.signIn.href, type: .normal)
        }
        throw HTTPError(
            .unauthorized,
            message: rules.accounts
                ? "Sign in first, with your GitHub token." : "Sign in first: open the sign-in link that the server printed.")
    }

    /// `/compare.svg` and `/repos/OWNER/NAME/stars.svg`.
    static func isEmbed(_ path: String) -> Bool {
        if path == SiteURL.Pattern.compareEmbed { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 5 && parts[0].isEmpty && parts[1] == "repos" && parts[4] == "stars.svg"
    }

    /// A session is good only for the way the server runs now: after a restart with other
    /// options, a guest's session without `--guests`, a person's without `--accounts`, or the
    /// one user's with `--accounts`, opens nothing.
    static func fits(_ viewer: Viewer, _ rules: Rules) -> Bool {
        switch viewer {
        case .owner: !rules.accounts
        case .account: rules.accounts
        case .guest: rules.accounts && rules.guests
        case .everyone: false
        }
    }

    static func isWellFormed(_ secret: String) -> Bool {
        secret.utf8.count == 64 && secret.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
