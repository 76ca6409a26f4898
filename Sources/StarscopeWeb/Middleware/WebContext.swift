import Hummingbird
import StarscopeStore

/// The request context: Hummingbird's core plus the CSRF token of this browser.
public struct WebContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `CSRFMiddleware`: the token forms must carry back.
    var csrf = ""
    var theme: PageContext.Theme = .system

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// The page context for this request, with the banner from the request's `CacheReport`.
    func page(_ section: PageContext.Section) -> PageContext {
        PageContext(theme: theme, csrf: csrf, banner: StateViews.banner(CacheReport.current?.stale), section: section)
    }
}
