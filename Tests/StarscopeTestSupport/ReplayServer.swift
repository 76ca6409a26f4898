import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// A tiny HTTP server that answers with recorded exchanges, over a real socket, so the real
/// client meets GitHub's real answers. A request is answered by the exchange recorded for its
/// path (and query, when several share a path); `https://api.github.com` in headers (`Location`,
/// `Link`) becomes the server's own address. Headers about the recorded body's framing
/// (`Content-Length`, `Transfer-Encoding`, `Content-Encoding`) are left out: the body is sent as is.
public final class ReplayServer: Sendable {
    let exchanges: [RecordedExchange]
    private let log = Mutex<[String]>([])

    init(_ exchanges: [RecordedExchange]) {
        self.exchanges = exchanges
    }

    /// The paths (with queries) asked so far, in order.
    public var requests: [String] { log.withLock { $0 } }

    /// Serves `exchanges` on a free loopback port for the duration of `body`, which gets the base URL.
    public static func with<T: Sendable>(
        _ exchanges: [RecordedExchange], _ body: @Sendable (ReplayServer, URL) async throws -> T
    ) async throws -> T {
        let server = ReplayServer(exchanges)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "replay-server")
        logger.logLevel = .critical
        let application = Application(
            responder: ReplayResponder(server: server),
            server: .http1(),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger
        )
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await application.runService(gracefulShutdownSignals: [])
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
                group.cancelAll()
                throw CancellationError()
            }
            defer { group.cancelAll() }
            return try await body(server, url)
        }
    }

    func exchange(method: String, path: String, query: String?) -> RecordedExchange? {
        log.withLock { $0.append(path + (query.map { "?" + $0 } ?? "")) }
        let candidates = exchanges.filter { $0.method == method && $0.path == path }
        if candidates.count > 1, let exact = candidates.first(where: { $0.url.query == query }) { return exact }
        return candidates.first
    }

    static let framingHeaders: Set<String> = [
        "status", "content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive",
    ]
}

struct ReplayResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let server: ReplayServer

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let origin = "http://" + (request.head.authority ?? "127.0.0.1")
        guard let exchange = server.exchange(method: request.method.rawValue, path: request.uri.path, query: request.uri.query) else {
            let body = ByteBuffer(string: #"{"message":"Not Found (nothing recorded for this path)"}"#)
            return Response(status: .notFound, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
        }
        var fields = HTTPFields()
        for (name, value) in exchange.headers where !ReplayServer.framingHeaders.contains(name.lowercased()) {
            guard let field = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: field, value: value.replacingOccurrences(of: "https://api.github.com", with: origin)))
        }
        let status = HTTPResponse.Status(code: exchange.status)
        if exchange.status == 304 || exchange.status == 204 { return Response(status: status, headers: fields) }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: exchange.body)))
    }
}
