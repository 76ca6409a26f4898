import Hummingbird

/// Answers `421 Misdirected Request`, with no content, to a request whose `Host` this server
/// does not answer to (`HostPolicy`): the defence against DNS rebinding.
struct HostCheckMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let policy: HostPolicy
    /// The port the server listens on (known once it listens: `--port 0`).
    let port: @Sendable () -> Int

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        guard policy.allows(request.head.authority, port: port()) else {
            return Response(status: .misdirectedRequest, headers: [.contentLength: "0", .cacheControl: "no-store"])
        }
        return try await next(request, context)
    }
}
