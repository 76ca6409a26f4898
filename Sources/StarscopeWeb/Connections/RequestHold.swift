import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// After the HTTP parser: holds a request back until it is whole (bodies up to
/// `ConnectionLimits.heldBody`), so a request that never finishes arriving never reaches the
/// application, and tells the connection's `ConnectionGate` where requests end and answers
/// finish. An event stream's connection is closed after `ConnectionLimits.streamLifetime`.
final class RequestHold: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limits: ConnectionLimits
    private weak var gate: ConnectionGate?
    /// The parts of the request under way while it is held; nil once it goes through as it comes.
    private var held: [HTTPRequestPart]? = []
    private var heldBytes = 0
    private var streamTimer: Scheduled<Void>?

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        gate = try? context.pipeline.syncOperations.handler(type: ConnectionGate.self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        streamTimer?.cancel()
        streamTimer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch part {
        case .head:
            held = [part]
            heldBytes = 0
        case .body(let buffer):
            if held != nil {
                heldBytes += buffer.readableBytes
                held?.append(part)
                // Too large to hold: the application reads it as it comes, with its own limit.
                if heldBytes > limits.heldBody { release(context) }
            } else {
                context.fireChannelRead(data)
            }
        case .end:
            gate?.requestArrived()
            held?.append(part)
            if held != nil { release(context) } else { context.fireChannelRead(data) }
            held = []
        }
    }

    private func release(_ context: ChannelHandlerContext) {
        let parts = held ?? []
        held = nil
        for part in parts { context.fireChannelRead(wrapInboundOut(part)) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            if response.headerFields[.contentType]?.hasPrefix("text/event-stream") == true {
                streamTimer = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(Int64(min(limits.streamLifetime, 1e9)))) {
                    context.close(promise: nil)
                }
            }
        case .body:
            break
        case .end:
            streamTimer?.cancel()
            streamTimer = nil
            gate?.answerFinished(context: context)
        }
        context.write(data, promise: promise)
    }
}

@available(*, unavailable)
extension RequestHold: Sendable {}
