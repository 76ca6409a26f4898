import Foundation
import Hummingbird
import NIOCore
import StarscopeStore

/// `GET /metrics` (`serve --metrics`): the registry in Prometheus' text format, for loopback and
/// the `--trusted-proxy` networks (a Prometheus on the machine or the operator's network), or for
/// anyone sending `Authorization: Bearer` with `--metrics-token`. Anyone else gets 404, as if
/// there were no such page.
struct MetricsController {
    let metrics: WebMetrics
    let proxies: TrustedProxies
    /// `--metrics-token`'s value, when set.
    let token: String?
    let liveStreams: @Sendable () -> Int
    let ping: @Sendable () async throws(StoreError) -> Void

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.metrics), use: exposition)
    }

    @Sendable func exposition(_ request: Request, context: WebContext) async throws -> Response {
        guard admits(request, context: context) else { throw HTTPError(.notFound) }
        let databaseUp: Bool
        do throws(StoreError) {
            try await ping()
            databaseUp = true
        } catch {
            databaseUp = false
        }
        let text = metrics.exposition(liveStreams: liveStreams(), databaseUp: databaseUp)
        var response = Response(status: .ok, body: .init(byteBuffer: ByteBuffer(bytes: text)))
        response.headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
        response.headers[.cacheControl] = "no-store"
        return response
    }

    func admits(_ request: Request, context: WebContext) -> Bool {
        Self.admits(
            peer: context.remoteAddress.flatMap { IPNetwork.bytes($0) },
            forwardedFor: TrustedProxies.values("X-Forwarded-For", in: request),
            authorization: request.headers[.authorization], proxies: proxies, token: token)
    }

    /// Loopback or a trusted network, with every `X-Forwarded-For` hop one too (a request a
    /// proxy relayed from elsewhere is refused, trusted proxy or not); or the token.
    static func admits(peer: [UInt8]?, forwardedFor: [String], authorization: String?, proxies: TrustedProxies, token: String?) -> Bool {
        if let token, let authorization, matches(authorization, bearer: token) { return true }
        let isNear = { (address: [UInt8]) in isLoopback(address) || proxies.trusts(address) }
        guard let peer, isNear(peer) else { return false }
        return forwardedFor.flatMap { $0.split(separator: ",") }.allSatisfy { hop in
            IPNetwork.bytes(TrustedProxies.address(hop.trimmingCharacters(in: .whitespaces))).map(isNear) ?? false
        }
    }

    static func isLoopback(_ address: [UInt8]) -> Bool {
        address.count == 4 ? address[0] == 127 : address == Array(repeating: 0, count: 15) + [1]
    }

    /// `Bearer TOKEN`, compared in time that does not depend on where they differ.
    static func matches(_ header: String, bearer token: String) -> Bool {
        guard header.count > 7, header.prefix(7).lowercased() == "bearer " else { return false }
        let given = Array(header.dropFirst(7).utf8)
        let expected = Array(token.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
