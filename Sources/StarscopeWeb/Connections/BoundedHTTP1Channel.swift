import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with every connection bounded (`ConnectionLimits`): a
/// `ConnectionGate` goes first in each connection's pipeline, before the HTTP parser, so it sees
/// every byte and can count the connection before any work is done for it, and a `RequestHold`
/// after the parser.
struct BoundedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let limits: ConnectionLimits
    let counter: ConnectionCounter

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ConnectionLimits, proxies: TrustedProxies) {
        // Idle connections are the gate's to close, so Hummingbird's own idle time-out is off.
        let configuration = HTTP1Channel.Configuration(additionalChannelHandlers: [RequestHold(limits: limits)], idleTimeout: nil)
        http1 = HTTP1Channel(responder: responder, configuration: configuration)
        self.limits = limits
        // Read here, when `serve` has raised the open-file limit.
        counter = ConnectionCounter(
            perAddress: limits.perAddress, total: limits.total(descriptorLimit: ConnectionLimits.descriptorLimit()), proxies: proxies)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionGate(limits: limits, counter: counter), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return http1.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with every connection bounded by `limits`; connections from `proxies` are capped
    /// by the total only.
    static func boundedHTTP1(_ limits: ConnectionLimits, proxies: TrustedProxies = TrustedProxies([])) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in BoundedHTTP1Channel(responder: responder, limits: limits, proxies: proxies) }
    }
}
