import NIOCore

/// The first handler of every connection, before the HTTP parser: it admits the connection
/// (`ConnectionCounter`), sees every byte arrive, and closes the connection when a phase runs
/// past its bound (`ConnectionLimits`). `RequestHold`, after the parser, tells it where requests
/// end and answers finish.
final class ConnectionGate: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum Phase {
        /// No request under way: a new or idle keep-alive connection.
        case waiting(since: NIODeadline)
        /// A request is arriving: its first byte came at `since`.
        case receiving(since: NIODeadline, bytes: Int)
        /// Requests are whole and not all answered; `early` bytes of the next have come.
        case answering(early: Int)
    }

    private let limits: ConnectionLimits
    private let counter: ConnectionCounter
    private var phase = Phase.waiting(since: .now())
    private var address: String?
    private var timer: Scheduled<Void>?
    /// Whole requests whose answers are not finished (more than one when a client pipelines).
    private var unanswered = 0

    init(limits: ConnectionLimits, counter: ConnectionCounter) {
        self.limits = limits
        self.counter = counter
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        admit(context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leave()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let count = unwrapInboundIn(data).readableBytes
        switch phase {
        case .waiting:
            phase = .receiving(since: .now(), bytes: count)
            schedule(context)
        case .receiving(let since, let bytes):
            phase = .receiving(since: since, bytes: bytes + count)
        case .answering(let early):
            phase = .answering(early: early + count)
        }
        context.fireChannelRead(data)
    }

    /// The parser read a whole request: its time bounds end, and the answer's begin.
    func requestArrived() {
        timer?.cancel()
        timer = nil
        unanswered += 1
        phase = .answering(early: 0)
    }

    /// An answer is written. Once every request is answered, bytes of the next that came early
    /// start its clock now; without any, the connection waits for one.
    func answerFinished(context: ChannelHandlerContext) {
        guard unanswered > 0 else { return }
        unanswered -= 1
        guard unanswered == 0, case .answering(let early) = phase else { return }
        phase = early > 0 ? .receiving(since: .now(), bytes: early) : .waiting(since: .now())
        schedule(context)
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard address == nil else { return }
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard counter.admit(address) else {
            context.close(promise: nil)
            return
        }
        self.address = address
        phase = .waiting(since: .now())
        schedule(context)
    }

    private func leave() {
        timer?.cancel()
        timer = nil
        if let address {
            counter.release(address)
            self.address = nil
        }
    }

    /// Sets the one timer to the next moment the phase must be checked.
    private func schedule(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        let at: NIODeadline
        switch phase {
        case .waiting(let since):
            at = since + .seconds(limits.idleTimeout)
        case .receiving(let since, let bytes):
            let deadline = since + .seconds(limits.requestTimeout)
            if limits.minimumRate > 0 {
                // When the average falls below the minimum if nothing more comes.
                let due = since + .seconds(max(limits.rateGrace, Double(bytes) / limits.minimumRate))
                at = min(deadline, max(due, .now() + .milliseconds(100)))
            } else {
                at = deadline
            }
        case .answering:
            return
        }
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: at) { [weak self] in
            self?.check(context)
        }
    }

    private func check(_ context: ChannelHandlerContext) {
        timer = nil
        let now = NIODeadline.now()
        switch phase {
        case .waiting(let since):
            if now >= since + .seconds(limits.idleTimeout) { context.close(promise: nil) } else { schedule(context) }
        case .receiving(let since, let bytes):
            let elapsed = Double((now - since).nanoseconds) / 1e9
            let tooSlow = limits.minimumRate > 0 && elapsed >= limits.rateGrace && Double(bytes) < limits.minimumRate * elapsed
            if elapsed >= limits.requestTimeout || tooSlow { context.close(promise: nil) } else { schedule(context) }
        case .answering:
            break
        }
    }
}

@available(*, unavailable)
extension ConnectionGate: Sendable {}

extension TimeAmount {
    fileprivate static func seconds(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
    }
}
