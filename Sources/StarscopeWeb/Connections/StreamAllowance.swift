import StarscopeStore
import Synchronization

/// How many `/live` streams may be open from one client address (the real one, behind a trusted
/// proxy), for one account and on the whole server, whatever sessions or hubs they come through:
/// every account has its own hub and a guest session costs nothing, so without this one address
/// could open streams until the server had no connection left for its own pages.
///
/// Guests (and anyone else without an account of their own) share at most `guestTotal` of the
/// server's streams, so however many guests there are, the rest stays for signed-in accounts;
/// each account may hold `perAccount`, from any number of addresses.
final class StreamAllowance: Sendable {
    struct Limits: Sendable, Hashable {
        /// Streams one client address may hold (`STARSCOPE_MAX_STREAMS_PER_ADDRESS`, 64): a
        /// household or an office behind one address, each person with a few tabs.
        var perAddress = 64
        /// Streams the server holds at most (`STARSCOPE_MAX_STREAMS`, 1,024), and never more
        /// than half the connections it accepts, so pages and `/healthz` always find room.
        var total = 1_024

        /// Streams all guests together may hold: half the server's, the other half kept for accounts.
        var guestTotal: Int { max(1, total / 2) }
        /// Streams one account may hold, over all its devices: as many as one address.
        var perAccount: Int { perAddress }
    }

    /// Whose stream it is, for the caps beyond the address's.
    enum Holder: Sendable, Hashable {
        /// A signed-in account, capped on its own (its key in lower case, as the store compares it).
        case account(AccountKey)
        /// The one user of a server without accounts: capped by its addresses only.
        case owner
        /// A guest, or anyone without a session: drawn from the guests' share.
        case guest
    }

    enum Refusal: Error, Equatable {
        /// This client address holds its share.
        case address
        /// This account holds its share.
        case account
        /// The server holds all it will (for guests: all guests may hold).
        case server
    }

    /// One open stream; it gives its place back when it ends (when the last reference goes).
    final class Ticket: Sendable {
        private let allowance: StreamAllowance
        private let address: String
        private let holder: Holder

        fileprivate init(allowance: StreamAllowance, address: String, holder: Holder) {
            self.allowance = allowance
            self.address = address
            self.holder = holder
        }

        deinit { allowance.release(address, holder: holder) }
    }

    private struct Open {
        var byAddress: [String: Int] = [:]
        var byAccount: [AccountKey: Int] = [:]
        var guests = 0
        var total = 0
    }

    let limits: Limits
    private let open = Mutex(Open())

    init(limits: Limits) {
        self.limits = limits
    }

    /// A place for one more stream from `address` for `holder`, or why there is none.
    func take(_ address: String, for holder: Holder) throws(Refusal) -> Ticket {
        let refusal: Refusal? = open.withLock { open in
            // Each one's own share first: a client or an account over it is told so, whatever the server holds.
            if open.byAddress[address, default: 0] >= limits.perAddress { return .address }
            if case .account(let key) = holder, open.byAccount[key, default: 0] >= limits.perAccount { return .account }
            if open.total >= limits.total { return .server }
            switch holder {
            case .guest:
                if open.guests >= limits.guestTotal { return .server }
                open.guests += 1
            case .account(let key):
                open.byAccount[key, default: 0] += 1
            case .owner:
                break
            }
            open.total += 1
            open.byAddress[address, default: 0] += 1
            return nil
        }
        if let refusal { throw refusal }
        return Ticket(allowance: self, address: address, holder: holder)
    }

    /// Streams open now: in all, and from `address`.
    func count(from address: String? = nil) -> Int {
        open.withLock { open in address.map { open.byAddress[$0] ?? 0 } ?? open.total }
    }

    private func release(_ address: String, holder: Holder) {
        open.withLock { open in
            open.total -= 1
            open.byAddress[address] = Self.decrement(open.byAddress[address])
            switch holder {
            case .guest: open.guests -= 1
            case .account(let key): open.byAccount[key] = Self.decrement(open.byAccount[key])
            case .owner: break
            }
        }
    }

    /// One less, forgotten at zero.
    private static func decrement(_ count: Int?) -> Int? {
        let left = (count ?? 1) - 1
        return left > 0 ? left : nil
    }
}
