#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the printed sign-in link points.
enum SignInLink {
    /// The bound address, or for `0.0.0.0`/`::` this machine's first network address that is not
    /// loopback (what a phone on the same network can reach), else `127.0.0.1`.
    static func reachableAddress(boundHost: String) -> String {
        let host = boundHost.hasPrefix("[") && boundHost.hasSuffix("]") ? String(boundHost.dropFirst().dropLast()) : boundHost
        guard ["0.0.0.0", "::", ""].contains(host) else { return host }
        return firstNetworkIPv4() ?? "127.0.0.1"
    }

    static func firstNetworkIPv4() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                var raw = ipv4.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN)) != nil
            }
            if found { return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return nil
    }
}
