import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Who a request came from, and whether it reached the proxy over HTTPS, with
/// `X-Forwarded-For` and `X-Forwarded-Proto` believed only from the proxies named with
/// `serve --trusted-proxy` (anyone can write those headers; only a proxy of ours writes them
/// truthfully).
struct TrustedProxies: Sendable {
    let networks: [IPNetwork]

    init(_ networks: [IPNetwork]) {
        self.networks = networks
    }

    func trusts(_ address: [UInt8]) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// The client of a request from `peer` (the socket's other end) carrying `forwardedFor` (the
    /// values of every `X-Forwarded-For` field, in order). From an untrusted peer the headers are
    /// ignored: the peer is the client. From a trusted one, the hops are read from the right, each
    /// proxy having appended who connected to it, and the first hop that is not a trusted proxy is
    /// the client: what is left of it was written by that client and may be forged.
    func client(peer: SocketAddress?, forwardedFor: [String]) -> ClientAddress {
        guard let peer, let peerBytes = IPNetwork.bytes(peer) else { return .unknown }
        guard trusts(peerBytes) else { return ClientAddress(peerBytes) }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
        var nearest = ClientAddress(peerBytes)
        for hop in hops.reversed() {
            guard let bytes = IPNetwork.bytes(Self.address(hop)) else {
                // A trusted proxy passed on something that is no address: that text names the client.
                return ClientAddress(unparsed: hop)
            }
            nearest = ClientAddress(bytes)
            if !trusts(bytes) { return nearest }
        }
        // Every hop was a proxy of ours: the farthest one is as near the client as we can see.
        return nearest
    }

    /// Whether the request reached the app over HTTPS: only a trusted proxy can say so, with
    /// `X-Forwarded-Proto: https` (the last value, the one the nearest proxy set).
    func isHTTPS(peer: SocketAddress?, forwardedProto: [String]) -> Bool {
        guard let peer, let bytes = IPNetwork.bytes(peer), trusts(bytes) else { return false }
        let last = forwardedProto.flatMap { $0.split(separator: ",") }.last
        return last?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// A hop's address without the port or brackets some proxies add (`[::1]:443`, `10.0.0.1:80`).
    static func address(_ hop: String) -> String {
        if hop.hasPrefix("["), let end = hop.firstIndex(of: "]") {
            return String(hop[hop.index(after: hop.startIndex)..<end])
        }
        if hop.filter({ $0 == ":" }).count == 1, let colon = hop.firstIndex(of: ":") {
            return String(hop[..<colon])
        }
        return hop
    }
}

/// A client as throttles count it: an IPv4 address, or an IPv6 address's /64 (one subscriber's
/// network: anyone holding one has 2⁶⁴ addresses to rotate through).
struct ClientAddress: Sendable, Hashable, CustomStringConvertible {
    let key: String

    static let unknown = ClientAddress(key: "unknown")

    init(key: String) {
        self.key = key
    }

    init(_ bytes: [UInt8]) {
        key = bytes.count == 16 ? IPNetwork.text(IPNetwork.masked(bytes, to: 64)) + "/64" : IPNetwork.text(bytes)
    }

    init(unparsed hop: String) {
        key = "hop " + String(hop.prefix(64))
    }

    var description: String { key }
}

extension TrustedProxies {
    /// Who made the request: its peer, or behind a trusted proxy the client the proxy names.
    func client(of request: Request, context: WebContext) -> ClientAddress {
        client(peer: context.remoteAddress, forwardedFor: Self.values("X-Forwarded-For", in: request))
    }

    /// Whether the request reached us over HTTPS (a trusted proxy said so): cookies are then `Secure`.
    func isHTTPS(_ request: Request, context: WebContext) -> Bool {
        isHTTPS(peer: context.remoteAddress, forwardedProto: Self.values("X-Forwarded-Proto", in: request))
    }

    /// Every value of the field `name` in `request`, in order.
    static func values(_ name: String, in request: Request) -> [String] {
        HTTPField.Name(name).map { request.headers[values: $0] } ?? []
    }
}
