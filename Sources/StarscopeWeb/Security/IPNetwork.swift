import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 network in CIDR form (`10.0.0.0/8`, `127.0.0.1/32`, `fd00::/8`, `::1/128`);
/// a bare address is the network of that one address. What `serve --trusted-proxy` takes.
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    /// The network's address, 4 bytes (IPv4) or 16 (IPv6), with the bits past the prefix cleared.
    let bytes: [UInt8]
    let prefixLength: Int

    /// Parses `ADDRESS/BITS` or a bare address; nil for anything else. An IPv4-mapped IPv6
    /// network (`::ffff:10.0.0.0/104`) is the IPv4 network it maps.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, var address = IPNetwork.bytes(String(first), keepMapped: true) else { return nil }
        var length = address.count * 8
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let bits = Int(digits),
                bits <= length
            else { return nil }
            length = bits
        }
        if address.count == 16, IPNetwork.isMapped(address) {
            guard length >= 96 else { return nil }
            address = Array(address.suffix(4))
            length -= 96
        }
        bytes = IPNetwork.masked(address, to: length)
        prefixLength = length
    }

    /// Whether `address` (4 or 16 bytes, as `bytes(_:)` gives) lies in this network.
    func contains(_ address: [UInt8]) -> Bool {
        address.count == bytes.count && IPNetwork.masked(address, to: prefixLength) == bytes
    }

    public var description: String {
        IPNetwork.text(bytes) + "/\(prefixLength)"
    }

    /// The bytes of an IP address written as text (IPv4-mapped IPv6 addresses as the IPv4 address
    /// they carry), or nil when `text` is not an IP address.
    static func bytes(_ text: String, keepMapped: Bool = false) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.count <= 64, let address = try? SocketAddress(ipAddress: text, port: 0) else { return nil }
        return bytes(address, keepMapped: keepMapped)
    }

    /// The bytes of a socket's IP address, or nil for a Unix socket.
    static func bytes(_ address: SocketAddress, keepMapped: Bool = false) -> [UInt8]? {
        switch address {
        case .v4(let v4):
            return withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case .v6(let v6):
            let raw = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            return !keepMapped && isMapped(raw) ? Array(raw.suffix(4)) : raw
        case .unixDomainSocket:
            return nil
        }
    }

    /// `::ffff:a.b.c.d`: an IPv4 peer of a socket bound to all IPv6 addresses.
    static func isMapped(_ raw: [UInt8]) -> Bool {
        raw.count == 16 && raw.prefix(10).allSatisfy { $0 == 0 } && raw[10] == 0xff && raw[11] == 0xff
    }

    static func masked(_ address: [UInt8], to length: Int) -> [UInt8] {
        address.enumerated().map { index, byte in
            let kept = min(8, max(0, length - index * 8))
            return kept == 8 ? byte : byte & UInt8(truncatingIfNeeded: 0xff << (8 - kept))
        }
    }

    /// `a.b.c.d`, or eight groups of hexadecimal for IPv6 (not shortened: only for keys and logs).
    static func text(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: bytes.count, by: 2).map { index in
            String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16)
        }.joined(separator: ":")
    }
}
