import Synchronization

/// The connections open now, in all and by client address, shared by every connection's
/// `ConnectionGate`. A trusted reverse proxy (`--trusted-proxy`) is no one client: every browser
/// behind it comes through its address, so its connections count towards the total only (the
/// clients behind it are told apart, and their streams capped, by `StreamAllowance`).
final class ConnectionCounter: Sendable {
    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let counts = Mutex(Counts())
    let perAddress: Int
    let total: Int
    let proxies: TrustedProxies

    init(perAddress: Int, total: Int, proxies: TrustedProxies = TrustedProxies([])) {
        self.perAddress = perAddress
        self.total = total
        self.proxies = proxies
    }

    /// Whether connections from `address` are capped as one client's: not a trusted proxy's.
    func capsAddress(_ address: String) -> Bool {
        guard !proxies.networks.isEmpty, let bytes = IPNetwork.bytes(address) else { return true }
        return !proxies.trusts(bytes)
    }

    /// Counts a new connection from `address`, or refuses it (false) when either cap is reached.
    func admit(_ address: String) -> Bool {
        let capped = capsAddress(address)
        return counts.withLock { counts in
            let fromAddress = counts.byAddress[address, default: 0]
            guard counts.total < total, !capped || fromAddress < perAddress else { return false }
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
