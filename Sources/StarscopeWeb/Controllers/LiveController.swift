import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle
import StarscopeCore
import StarscopeModels

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
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get("/live", use: stream)
    }

    /// The sources a page asks for: its list (`/`, `/users/LOGIN`, `/favorites`) and its detail.
    func sources(_ request: Request, context: WebContext) async throws -> Set<LiveSource> {
        var sources = Set<LiveSource>()
        let parameters = request.uri.queryParameters
        if let repo = parameters.get("repo").map({ String($0) }) {
            guard let name = try? RepositoryName(parsing: repo) else { throw HTTPError(.badRequest, message: "“repo” must be OWNER/NAME.") }
            sources.insert(.repository(name))
        }
        if let list = parameters.get("list").map({ String($0) }) {
            guard list.utf8.count <= 1_024, let url = URLComponents(string: list) else {
                throw HTTPError(.badRequest, message: "That list cannot be watched.")
            }
            let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
            let page = Int(query["page"] ?? "1") ?? 1
            guard (1...400).contains(page) else { throw HTTPError(.badRequest, message: "“page” is out of range.") }
            switch url.path {
            case "/", "":
                let window = RowWindow(page: page, rows: TrendingView.rowsPerPage)
                guard let timeframe = Timeframe(rawValue: query["since"] ?? "week"), page <= window.lastSearchPage else {
                    throw HTTPError(.badRequest, message: "That list cannot be watched.")
                }
                try TrendingController.checkBounds(text: query["q"], language: query["language"])
                let trending = TrendingQuery(timeframe: timeframe, language: query["language"], text: query["q"])
                sources.insert(.trending(trending, page: window.upstreamPage))
            case "/favorites":
                for favorite in try await services.favorites(for: context).list(refresh: false).prefix(30) {
                    if let name = try? RepositoryName(parsing: favorite.repository.fullName) { sources.insert(.repository(name)) }
                }
            default:
                let parts = url.path.split(separator: "/")
                if parts.count == 2, parts[0] == "users", RepositoryName.isValidLogin(String(parts[1])) {
                    sources.insert(.account(login: String(parts[1]), page: page))
                }
            }
        }
        guard !sources.isEmpty else { throw HTTPError(.badRequest, message: "Nothing to watch: give “list” or “repo”.") }
        return sources
    }

    @Sendable func stream(_ request: Request, context: WebContext) async throws -> Response {
        let sources = try await sources(request, context: context)
        guard let messages = await services.live.subscribe(sources) else {
            var response = Response(status: .serviceUnavailable, headers: [.retryAfter: "60", .contentType: "text/plain; charset=utf-8"])
            response.body = .init(byteBuffer: ByteBuffer(string: "Too many pages are being watched; live counts will resume later."))
            return response
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
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
}
