import Foundation
import HTTPTypes
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// Headers every answer carries: a Content-Security-Policy with no inline script, no framing,
/// no sniffing, no referrer to other sites; and a `CacheReport` for the request so pages can say when they show
/// saved answers.
struct SecurityMiddleware: RouterMiddleware {
    typealias Context = WebContext

    /// Images come from this app, except a README's, which come from GitHub's image hosts (the
    /// sanitiser leaves no other); every page allows them, since a detail with its README can be
    /// swapped into any list page by its script.
    static let policy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: "
        + RepositorySectionsPart.imageHosts.map { "https://" + $0 }.joined(separator: " ") + "; connect-src 'self'; "
        + "manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response = try await CacheReport.$current.withValue(CacheReport()) { try await next(request, context) }
        if response.headers[.contentSecurityPolicy] == nil { response.headers.append(Self.policyField) }
        for field in Self.always { response.headers[fields: field.name] = [field] }
        return response
    }

    /// The policy as a header field, made once: a field's value is checked byte by byte when it
    /// is made, and the policy is some 300 bytes on every answer.
    static let policyField = HTTPField(name: .contentSecurityPolicy, value: policy)

    /// The other headers every answer carries, made once.
    private static let always: [HTTPField] =
        [HTTPField(name: .xContentTypeOptions, value: "nosniff")]
        + [("X-Frame-Options", "DENY"), ("Referrer-Policy", "same-origin"), ("Cross-Origin-Opener-Policy", "same-origin")]
        .compactMap { name, value in HTTPField.Name(name).map { HTTPField(name: $0, value: value) } }
}

/// Gives every browser a CSRF token (a `SameSite=Strict` cookie) and refuses state-changing
/// requests whose form token does not match it, or that come from another origin.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = WebContext
    static let cookie = "starscope_csrf"
    /// Tells whether the browser came over HTTPS (directly, or as a trusted proxy says), so the
    /// cookie is `Secure` then, as the session's is.
    let proxies: TrustedProxies

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var context = context
        let existing = request.cookies[Self.cookie].map { $0.value }.flatMap { $0.count == 64 && $0.allSatisfy(\.isHexDigit) ? $0 : nil }
        context.csrf = existing ?? Self.newToken()
        context.theme = request.cookies["theme"].flatMap { PageContext.Theme(rawValue: $0.value) } ?? .system
        if request.method != .get && request.method != .head {
            // Refused before the body is read: a post without this browser's cookie, or from another origin.
            guard existing != nil else { throw HTTPError(.forbidden, message: "This form has expired: reload the page and try again.") }
            guard Self.sameOrigin(request) else { throw HTTPError(.forbidden, message: "Cross-site request refused.") }
        }
        var response = try await next(request, context)
        if existing == nil {
            response.setCookie(
                Cookie(
                    name: Self.cookie, value: context.csrf, path: "/", secure: proxies.isHTTPS(request, context: context), httpOnly: true,
                    sameSite: .strict))
        }
        return response
    }

    static func newToken() -> String {
        // 32 random bytes from four draws of 64 bits (one system call each), not 32 draws.
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes.hexString
    }

    /// `Origin` (or, without it, `Referer`), when the browser sends one, names this server's host
    /// and port, compared normalised (IPv6 included); `Origin: null` is refused. Without either,
    /// the CSRF token alone decides.
    static func sameOrigin(_ request: Request) -> Bool {
        guard let source = request.headers[.origin] ?? request.headers[.referer] else { return true }
        return HostPolicy.sameOrigin(source, host: request.head.authority)
    }

    /// The form's token equals the cookie's (compared in constant time).
    static func verify(_ form: FormData, context: WebContext) throws {
        let sent = Array((form["csrf"] ?? "").utf8)
        let expected = Array(context.csrf.utf8)
        var difference = sent.count ^ expected.count
        for index in 0..<min(sent.count, expected.count) { difference |= Int(sent[index] ^ expected[index]) }
        guard difference == 0, !expected.isEmpty else {
            throw HTTPError(.forbidden, message: "This form has expired: reload the page and try again.")
        }
    }
}

/// Turns errors into pages: 404, 4xx and Starscope's own failures get Starscope's own page, never
/// a stack trace.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = WebContext

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let sentence = error.status == .notFound ? "There is no page at this address." : error.body ?? "The request was refused."
            let page =
                error.status == .notFound
                ? MessagePage.notFound(sentence) : MessagePage(heading: "Cannot do that", message: sentence, status: error.status)
            let html = context.render(page)
            var response = try html.response(from: request, context: context)
            response.status = error.status
            // When to try again, if the refusal said.
            if let retryAfter = error.headers[.retryAfter] { response.headers[.retryAfter] = retryAfter }
            if let field = RequestTelemetryMiddleware.errorField { response.headers[field] = sentence }
            return response
        } catch let error as StarscopeError {
            // What a controller did not turn into its own page, such as the store being
            // unreachable while the team's database restarts: one sentence, and a status that
            // says whether trying again helps.
            let status: HTTPResponse.Status =
                switch error {
                case .notFound: .notFound
                case .invalidInput: .badRequest
                case .badCredentials: .unauthorized
                case .rateLimited, .unavailable: .serviceUnavailable
                }
            let page = MessagePage(heading: "Cannot do that just now", message: error.message, status: status)
            var response = try context.render(page).response(from: request, context: context)
            response.status = status
            if status == .serviceUnavailable { response.headers[.retryAfter] = "5" }
            if let field = RequestTelemetryMiddleware.errorField { response.headers[field] = error.message }
            return response
        }
    }
}
