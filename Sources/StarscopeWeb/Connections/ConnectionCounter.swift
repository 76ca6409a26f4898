import Synchronization

/// The connections open now, in all and by client address, shared by every connection's
/// `ConnectionGate`.
final class ConnectionCounter: Sendable {
    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())
    let perAddress: Int
    let total: Int

    init(perAddress: Int, total: Int) {
        self.perAddress = perAddress
        self.total = total
    }

    /// Counts a new connection from `address`, or refuses it (false) when either cap is reached.
    func admit(_ address: String) -> Bool {
        counts.withLock { counts in
            let fromAddress = counts.byAddress[address, default: 0]
            guard counts.total < total, fromAddress < perAddress else { return false }
            counts.total += 1
            counts.byAddress[address] = fromAddress + 1
            return true
        }
    }

    /// Forgets a connection `admit` counted.
    func release(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = left > 0 ? left : nil
        }
    }

    var open: Int { counts.withLock { $0.total } }
}
