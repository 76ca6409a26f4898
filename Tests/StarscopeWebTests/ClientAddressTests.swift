import Foundation
import NIOCore
import Testing

@testable import StarscopeWeb

/// `--trusted-proxy`: CIDR networks, and who a request came from behind them.
@Suite struct ClientAddressTests {
    static func peer(_ address: String) throws -> SocketAddress {
        try SocketAddress(ipAddress: address, port: 40_000)
    }

    static func bytes(_ text: String) throws -> [UInt8] {
        try #require(IPNetwork.bytes(text))
    }

    @Test func networksParseInCIDRFormOrAsOneAddress() {
        for (text, shown) in [
            ("10.0.0.0/8", "10.0.0.0/8"), ("127.0.0.1/32", "127.0.0.1/32"), ("127.0.0.1", "127.0.0.1/32"),
            ("10.1.2.3/8", "10.0.0.0/8"), ("0.0.0.0/0", "0.0.0.0/0"), ("::1/128", "0:0:0:0:0:0:0:1/128"), ("::1", "0:0:0:0:0:0:0:1/128"),
            ("fd00::/8", "fd00:0:0:0:0:0:0:0/8"), ("2001:db8::/32", "2001:db8:0:0:0:0:0:0/32"), ("::ffff:10.0.0.0/104", "10.0.0.0/8"),
        ] {
            #expect(IPNetwork(text)?.description == shown, "\(text)")
        }
        for bad in [
            "", "/8", "10.0.0.0/", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/ 8", "10.0.0.0/8/8", "10.0.0/8", "256.0.0.0/8",
            "::/129", "example.org", "example.org/24", "[::1]/128", "::ffff:10.0.0.0/95", "10.0.0.0/0008", "١٠.0.0.0/8", "10.0.0.0/٨",
        ] {
            #expect(IPNetwork(bad) == nil, "\(bad)")
            #expect(!WebSettings.isValidTrustedProxy(bad), "\(bad)")
        }
    }

    @Test func networksContainTheirAddressesOnly() throws {
        let ten = try #require(IPNetwork("10.0.0.0/8"))
        #expect(ten.contains(try Self.bytes("10.255.0.1")))
        #expect(!ten.contains(try Self.bytes("11.0.0.1")))
        #expect(!ten.contains(try Self.bytes("9.255.255.255")))
        // An IPv4 peer of a socket bound to all IPv6 addresses is the IPv4 address it carries.
        #expect(ten.contains(try Self.bytes("::ffff:10.1.2.3")))
        let narrow = try #require(IPNetwork("192.168.1.128/25"))
        #expect(narrow.contains(try Self.bytes("192.168.1.200")))
        #expect(!narrow.contains(try Self.bytes("192.168.1.127")))
        let v6 = try #require(IPNetwork("2001:db8::/32"))
        #expect(v6.contains(try Self.bytes("2001:db8:ffff::1")))
        #expect(!v6.contains(try Self.bytes("2001:db9::1")))
        #expect(!v6.contains(try Self.bytes("10.0.0.1")))
        #expect(!(try #require(IPNetwork("0.0.0.0/0"))).contains(try Self.bytes("::1")))
        #expect((try #require(IPNetwork("::/0"))).contains(try Self.bytes("2001:db8::1")))
        let one = try #require(IPNetwork("127.0.0.1"))
        #expect(one.contains(try Self.bytes("127.0.0.1")))
        #expect(!one.contains(try Self.bytes("127.0.0.2")))
    }

    @Test func forwardedForIsBelievedOnlyFromATrustedPeerAndReadFromTheRight() throws {
        let proxies = TrustedProxies([try #require(IPNetwork("127.0.0.1/32")), try #require(IPNetwork("10.0.0.0/8"))])
        // From anyone else the header is ignored: the peer is the client.
        #expect(proxies.client(peer: try Self.peer("198.51.100.7"), forwardedFor: ["203.0.113.1"]).key == "198.51.100.7")
        // From the proxy: the hop it appended.
        #expect(proxies.client(peer: try Self.peer("127.0.0.1"), forwardedFor: ["198.51.100.7"]).key == "198.51.100.7")
        // What the client wrote itself, to the left, is not believed.
        #expect(proxies.client(peer: try Self.peer("127.0.0.1"), forwardedFor: ["203.0.113.1, 198.51.100.7"]).key == "198.51.100.7")
        #expect(proxies.client(peer: try Self.peer("127.0.0.1"), forwardedFor: ["203.0.113.1", "198.51.100.7"]).key == "198.51.100.7")
        // Through two of our proxies: the first hop that is not one of them.
        #expect(
            proxies.client(peer: try Self.peer("127.0.0.1"), forwardedFor: ["203.0.113.1, 198.51.100.7, 10.0.0.2"]).key == "198.51.100.7")
        // No header, or only our proxies in it.
        #expect(proxies.client(peer: try Self.peer("127.0.0.1"), forwardedFor: []).key == "127.0.0.1")
        #expect(proxies.client(peer: try Self.peer("127.0.0.1"), forwardedFor: ["10.0.0.3, 10.0.0.2"]).key == "10.0.0.3")
        // Ports and brackets some proxies add; something that is no address names a client of its own.
        #expect(proxies.client(peer: try Self.peer("127.0.0.1"), forwardedFor: ["198.51.100.7:5000"]).key == "198.51.100.7")
        #expect(proxies.client(peer: try Self.peer("127.0.0.1"), forwardedFor: ["unknown"]).key == "hop unknown")
        #expect(proxies.client(peer: nil, forwardedFor: ["198.51.100.7"]) == .unknown)
        // Without --trusted-proxy nobody is believed, the loopback address included.
        #expect(TrustedProxies([]).client(peer: try Self.peer("127.0.0.1"), forwardedFor: ["198.51.100.7"]).key == "127.0.0.1")
    }

    @Test func anIPv6ClientIsCountedByItsSlash64() throws {
        let proxies = TrustedProxies([try #require(IPNetwork("::1/128"))])
        let a = proxies.client(peer: try Self.peer("2001:db8:1:2::10"), forwardedFor: [])
        let b = proxies.client(peer: try Self.peer("2001:db8:1:2:ffff::99"), forwardedFor: [])
        let c = proxies.client(peer: try Self.peer("2001:db8:1:3::10"), forwardedFor: [])
        #expect(a == b)
        #expect(a != c)
        #expect(a.key == "2001:db8:1:2:0:0:0:0/64")
        #expect(proxies.client(peer: try Self.peer("::1"), forwardedFor: ["[2001:db8:1:2::7]:443"]) == a)
    }

    @Test func onlyATrustedProxySaysTheRequestCameOverHTTPS() throws {
        let proxies = TrustedProxies([try #require(IPNetwork("127.0.0.1/32"))])
        #expect(proxies.isHTTPS(peer: try Self.peer("127.0.0.1"), forwardedProto: ["https"]))
        #expect(proxies.isHTTPS(peer: try Self.peer("127.0.0.1"), forwardedProto: ["HTTPS"]))
        #expect(!proxies.isHTTPS(peer: try Self.peer("127.0.0.1"), forwardedProto: ["http"]))
        #expect(!proxies.isHTTPS(peer: try Self.peer("127.0.0.1"), forwardedProto: []))
        #expect(!proxies.isHTTPS(peer: try Self.peer("198.51.100.7"), forwardedProto: ["https"]))
        #expect(!proxies.isHTTPS(peer: nil, forwardedProto: ["https"]))
        // The nearest proxy's word counts: a client's own "https" ahead of the proxy's "http" does not.
        #expect(!proxies.isHTTPS(peer: try Self.peer("127.0.0.1"), forwardedProto: ["https, http"]))
    }

    @Test func aThrottleCountsEachKeyApartAndForgetsTheIdleWhenFull() {
        var throttle = Throttle(limit: 2, window: 60, maximumKeys: 3)
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        // (Mutating calls go through locals: `#expect` cannot call them itself.)
        let answers = [
            throttle.allow("a", now: now), throttle.allow("a", now: now), throttle.allow("a", now: now), throttle.allow("b", now: now),
            throttle.allow("a", now: now + 61), throttle.allow("c", now: now + 1), throttle.allow("d", now: now + 2),
        ]
        // The third in a minute is refused; another key, or the same a minute later, is not.
        #expect(answers == [true, true, false, true, true, true, true])
        #expect(throttle.keyCount <= 3)
    }
}
