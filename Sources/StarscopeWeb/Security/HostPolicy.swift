#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A host and port as a browser names them in `Host` or `Origin`: lowercased, IPv6 without
/// brackets, no trailing dot.
struct Authority: Sendable, Hashable {
    var host: String
    /// Nil when the text named none (the scheme's default applies).
    var port: Int?

    /// `host`, `host:port`, `[v6]` or `[v6]:port`; nil for anything else.
    ///
    /// Read as bytes: every request's `Host` comes through here, and walking it as `Character`s
    /// (grapheme breaks, Unicode letter classes) costs much beside answering a small file. Past
    /// the first check the text is ASCII, where a byte is a character.
    init?(_ text: Substring) {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 300, bytes.allSatisfy(Self.mayName) else { return nil }
        var hostPart: Substring
        var portPart: Substring?
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            hostPart = text[bytes.index(after: bytes.startIndex)..<close]
            let rest = text[bytes.index(after: close)...]
            if !rest.isEmpty {
                guard rest.utf8.first == UInt8(ascii: ":") else { return nil }
                portPart = rest.dropFirst()
            }
            guard Self.isIPv6(String(hostPart)) else { return nil }
        } else {
            hostPart = text
            if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
                hostPart = text[..<colon]
                portPart = text[bytes.index(after: colon)...]
            }
            if hostPart.utf8.last == UInt8(ascii: ".") { hostPart = hostPart.dropLast() }
            guard !hostPart.isEmpty, hostPart.utf8.allSatisfy(Self.isHostByte) else { return nil }
        }
        if let portPart {
            guard (1...5).contains(portPart.utf8.count), let port = Int(portPart), (1...65_535).contains(port) else { return nil }
            self.port = port
        }
        host = hostPart.lowercased()
    }

    /// ASCII, not white space, not `@` or `/`.
    private static func mayName(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: " ") && !(0x09...0x0D).contains(byte) && byte != UInt8(ascii: "@")
            && byte != UInt8(ascii: "/")
    }

    /// A letter, a digit, `-`, `.` or `_`.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"): true
        default: false
        }
    }

    init(host: String, port: Int?) {
        self.host = host.lowercased()
        self.port = port
    }

    /// The authority of an `Origin` or `Referer` URL, with the scheme's default port filled in.
    init?(url text: String) {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = text[separator.upperBound...]
        let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        guard var authority = Authority(rest[..<end]) else { return nil }
        authority.port = authority.port ?? (scheme == "https" ? 443 : 80)
        self = authority
    }

    var isIPLiteral: Bool { Self.isIPv4(host) || Self.isIPv6(host) }

    var isLoopbackName: Bool { host == "localhost" || host == "127.0.0.1" || host == "::1" }

    /// As a URL's authority: IPv6 in brackets.
    var urlText: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(name):\($0)" } ?? name
    }

    static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }
}

/// Which `Host` a request may name, so that a page on another site that rebinds its own name to
/// this machine's address (DNS rebinding) cannot reach the app: the address the server is bound
/// to, `localhost`/`127.0.0.1`/`[::1]`, any IP address when bound to all of them (a rebinding
/// attack needs a name), each on the server's port, or a name given with `--allowed-host`.
struct HostPolicy: Sendable {
    var boundHost: String
    /// `--allowed-host` values: `NAME` (any port, as behind a proxy) or `NAME:PORT`.
    var allowed: [Authority]

    init(boundHost: String, allowedHosts: [String]) {
        self.boundHost = boundHost.lowercased().trimmingBrackets
        allowed = allowedHosts.compactMap { Authority(Substring($0)) }
    }

    var isWildcard: Bool { ["0.0.0.0", "::", ""].contains(boundHost) }

    func allows(_ hostHeader: String?, port: Int) -> Bool {
        guard let hostHeader, let authority = Authority(Substring(hostHeader)) else { return false }
        for name in allowed where name.host == authority.host {
            if name.port == nil || name.port == authority.port { return true }
        }
        guard authority.port == port || (authority.port == nil && port == 80) else { return false }
        if authority.isLoopbackName || authority.host == boundHost { return true }
        return isWildcard && authority.isIPLiteral
    }

    /// `Origin` (a URL) names the same host and port as `Host`. A `Host` without a port matches
    /// the origin's default port for its scheme (as behind a proxy on 80 or 443).
    static func sameOrigin(_ origin: String, host hostHeader: String?) -> Bool {
        guard let source = Authority(url: origin), let hostHeader, let host = Authority(Substring(hostHeader)) else { return false }
        guard source.host == host.host else { return false }
        if let port = host.port { return source.port == port }
        return source.port == 80 || source.port == 443
    }
}

extension String {
    fileprivate var trimmingBrackets: String {
        hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
    }
}
