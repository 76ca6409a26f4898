import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// The data of one `stars` event: the exact count, and how pages show it (compact in rows, full in details).
struct StarsPayload: Encodable {
    var repo: String
    var stars: Int
    var compact: String
    var formatted: String

    init(repo: String, stars: Int) {
        self.repo = repo
        self.stars = stars
        compact = CompactNumber.format(stars)
        formatted = GroupedNumber.format(stars)
    }
}

/// `GET /live?list=…&repo=OWNER/NAME`: Server-Sent Events with star counts for what a page shows.
struct LiveController {
    let favorites: ForViewer<Favorites>
    /// Live counts for the request's viewer: an account's own hub, or the server's.
    let live: ForViewer<LiveHub>
    let proxies: TrustedProxies
    /// Streams per client address and in all, across every hub.
    let allowance: StreamAllowance

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.live), use: stream)
    }

    /// The sources a page asks for: its list (read by the same parser as the list's own page) and its detail.
    func sources(_ request: Request, context: WebContext) async throws -> Set<LiveSource> {
        var sources = Set<LiveSource>()
        let values = QueryValues(request)
        if let repo = values["repo"] {
            guard let name = try? RepositoryName(parsing: repo) else { throw HTTPError(.badRequest, message: "“repo” must be OWNER/NAME.") }
            sources.insert(.repository(name))
        }
        if let link = values["list"] {
            switch try ListOrigin(link: link) {
            case .trending(let list):
                let window = RowWindow(page: list.page, rows: TrendingList.rowsPerPage)
                sources.insert(.trending(list.query, page: window.upstreamPage))
            case .favorites:
                for favorite in try await favorites(for: context).list(refresh: false).prefix(30) {
                    if let name = try? RepositoryName(parsing: favorite.repository.fullName) { sources.insert(.repository(name)) }
                }
            case .account(let list):
                sources.insert(.account(login: list.login, page: list.page))
            case .search(let list) where list.search.kind == .repositories && !list.search.text.isEmpty:
                let window = RowWindow(page: list.page, rows: SearchList.rowsPerPage)
                sources.insert(.search(list.search, page: window.upstreamPage))
            case .rising, .updates, .activity, .search:
                throw HTTPError(.badRequest, message: "That list cannot be watched.")
            }
        }
        guard !sources.isEmpty else { throw HTTPError(.badRequest, message: "Nothing to watch: give “list” or “repo”.") }
        return sources
    }

    /// Whose streams count together against `LiveHub`'s per-owner caps: the session (by its
    /// hash), or without sign-in the client's address.
    static func owner(session secret: String?, client: ClientAddress) -> String {
        secret.map { "session " + WebSession.hash($0) } ?? "client " + client.key
    }

    /// Whose share a stream of `viewer`'s is drawn from: an account's own, or the guests'.
    static func holder(_ viewer: Viewer) -> StreamAllowance.Holder {
        switch viewer {
        case .owner: .owner
        case .account(let key): .account(key)
        case .guest, .everyone: .guest
        }
    }

    @Sendable func stream(_ request: Request, context: WebContext) async throws -> Response {
        let sources = try await sources(request, context: context)
        let client = proxies.client(of: request, context: context)
        let owner = Self.owner(session: context.sessionSecret, client: client)
        let ticket: StreamAllowance.Ticket
        let messages: AsyncStream<LiveHub.Message>
        do {
            ticket = try allowance.take(client.key, for: Self.holder(context.viewer))
        } catch {
            switch error {
            case .address:
                return Self.refusal(
                    .tooManyRequests, "This address watches too many pages already; close some tabs and live counts will resume.")
            case .account:
                return Self.refusal(
                    .tooManyRequests, "Your account watches too many pages already; close some tabs and live counts will resume.")
            case .server:
                return Self.refusal(.serviceUnavailable, "Too many pages are being watched; live counts will resume later.")
            }
        }
        do {
            messages = try await live(for: context).subscribe(sources, owner: owner)
        } catch {
            return error == .ownerFull
                ? Self.refusal(
                    .tooManyRequests, "This browser watches too many pages already; close some tabs and live counts will resume.")
                : Self.refusal(.serviceUnavailable, "Too many pages are being watched; live counts will resume later.")
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
                // The stream holds its place until it ends.
                defer { withExtendedLifetime(ticket) {} }
                try await writer.write(ByteBuffer(string: "retry: 5000\n\n"))
                // A stream never ends by itself: it ends when the server shuts down gracefully.
                for await message in messages.cancelOnGracefulShutdown() {
                    switch message {
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    case .stars(let event):
                        // One line of JSON (the encoder escapes line breaks): a name can never end the event early.
                        let payload = StarsPayload(repo: event.repo, stars: event.stars)
                        let data = (try? JSONEncoder().encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                        try await writer.write(ByteBuffer(string: "event: stars\ndata: \(data)\n\n"))
                    }
                }
                try await writer.finish(nil)
            }
        )
    }

    /// A refused stream: the status, the sentence, and when to try again.
    static func refusal(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var response = Response(status: status, headers: [.retryAfter: "60", .contentType: "text/plain; charset=utf-8"])
        response.body = .init(byteBuffer: ByteBuffer(string: text))
        return response
    }
}
