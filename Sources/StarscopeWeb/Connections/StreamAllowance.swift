import Synchronization

/// How many `/live` streams may be open from one client address (the real one, behind a trusted
/// proxy) and on the whole server, whatever sessions or accounts they come through: every
/// account has its own hub and a guest session costs nothing, so without this one address
/// could open streams until the server had no connection left for its own pages.
final class StreamAllowance: Sendable {
    struct Limits: Sendable, Hashable {
        /// Streams one client address may hold (`STARSCOPE_MAX_STREAMS_PER_ADDRESS`, 64): a
        /// household or an office behind one address, each person with a few tabs.
        var perAddress = 64
        /// Streams the server holds at most (`STARSCOPE_MAX_STREAMS`, 1,024), and never more
        /// than half the connections it accepts, so pages and `/healthz` always find room.
        var total = 1_024
    }

    enum Refusal: Error, Equatable {
        /// This client address holds its share.
        case address
        /// The server holds all it will.
        case server
    }

    /// One open stream; it gives its place back when it ends (when the last reference goes).
    final class Ticket: Sendable {
        private let allowance: StreamAllowance
        private let address: String

        fileprivate init(allowance: StreamAllowance, address: String) {
            self.allowance = allowance
            self.address = address
        }

        deinit { allowance.release(address) }
    }

    let limits: Limits
    private let open = Mutex<(byAddress: [String: Int], total: Int)>(([:], 0))

    init(limits: Limits) {
        self.limits = limits
    }

    /// A place for one more stream from `address`, or why there is none.
    func take(_ address: String) throws(Refusal) -> Ticket {
        let refusal: Refusal? = open.withLock { open in
            if open.total >= limits.total { return .server }
            if open.byAddress[address, default: 0] >= limits.perAddress { return .address }
            open.total += 1
            open.byAddress[address, default: 0] += 1
            return nil
        }
        if let refusal { throw refusal }
        return Ticket(allowance: self, address: address)
    }

    /// Streams open now: in all, and from `address`.
    func count(from address: String? = nil) -> Int {
        open.withLock { open in address.map { open.byAddress[$0] ?? 0 } ?? open.total }
    }

    private func release(_ address: String) {
        open.withLock { open in
            open.total -= 1
            let left = open.byAddress[address, default: 1] - 1
            open.byAddress[address] = left > 0 ? left : nil
        }
    }
}
