import Hummingbird
import NIOCore
import StarscopeStore

/// The request context: Hummingbird's core plus what the middleware learnt about the browser.
public struct WebContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `CSRFMiddleware`: the token forms must carry back.
    var csrf = ""
    var theme: PageContext.Theme = .system
    /// Set by `SignInMiddleware` when sign-in is required: the session's secret, so it can sign out.
    var sessionSecret: String?
    /// Who is looking, set once by `SignInMiddleware`; until then, and for a browser without a
    /// session on a server that requires one, everyone (public repositories only).
    var viewer: Viewer = .everyone
    /// Set by `UpdatesCountMiddleware` for pages: updates this account has not seen.
    var unreadUpdates = 0
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The page context for this request, with the banner from the request's `CacheReport`.
    func page(_ section: PageContext.Section) -> PageContext {
        PageContext(
            theme: theme, csrf: csrf, banner: Banner.text(CacheReport.current?.stale, limits: CacheReport.current?.rateLimits ?? []),
            section: section,
            signedIn: sessionSecret != nil, viewer: viewer, unreadUpdates: unreadUpdates)
    }
}
