import HTTPTypes
import Hummingbird

/// The scheme and authority a request reached the app by, for the absolute links a feed needs.
/// `Host` is this server's own (`HostCheckMiddleware` refused any other before a handler runs);
/// behind a trusted proxy (`--trusted-proxy`), `X-Forwarded-Proto: https` gives the scheme.
struct SiteOrigin: Sendable, Hashable {
    var scheme: String
    var authority: Authority

    init(scheme: String, authority: Authority) {
        self.scheme = scheme
        self.authority = authority
    }

    /// `https`: a trusted proxy said the request came over HTTPS (`WebServices.isHTTPS`).
    /// `fallback` names the server when a request has no usable `Host` (HTTP/1.0).
    init(_ request: Request, https: Bool, fallback: Authority) {
        scheme = https ? "https" : "http"
        authority = request.head.authority.flatMap { Authority(Substring($0)) } ?? fallback
    }

    /// The absolute URL of an address of the app.
    func url(_ site: SiteURL) -> String {
        scheme + "://" + authority.urlText + site.href
    }
}
