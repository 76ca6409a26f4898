import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StarscopeModels
import Testing

@testable import StarscopeWeb

/// The attacks from the security review, replayed in process (the ones that need a real socket,
/// such as a foreign `Host`, slow connections and IPv6, are in Tests/system/test_attacks.py).
@Suite struct AttackTests {
    @Test(arguments: [
        ("127.0.0.1:8080", true), ("localhost:8080", true), ("[::1]:8080", true), ("LOCALHOST:8080", true), ("localhost.:8080", true),
        ("rebind.attacker.example:8080", false), ("127.0.0.1:8081", false), ("127.0.0.1", false), ("", false), ("[::1", false),
        ("127.0.0.1:8080@evil.example", false), ("evil.example:8080", false), ("192.168.1.20:8080", false), ("[::1]:x", false),
    ])
    func hostsAnsweredWhenBoundToLoopback(host: String, allowed: Bool) {
        #expect(HostPolicy(boundHost: "127.0.0.1", allowedHosts: []).allows(host, port: 8080) == allowed)
    }

    @Test func onAllAddressesAnyIPButNoOtherNameUnlessAllowed() {
        let policy = HostPolicy(boundHost: "0.0.0.0", allowedHosts: ["starscope.lan", "proxy.example:8443"])
        #expect(policy.allows("192.168.1.20:8080", port: 8080))
        #expect(policy.allows("[fe80::1]:8080", port: 8080))
        #expect(!policy.allows("192.168.1.20:9999", port: 8080))
        #expect(!policy.allows("rebind.attacker.example:8080", port: 8080))
        #expect(policy.allows("starscope.lan", port: 8080))
        #expect(policy.allows("starscope.lan:8080", port: 8080))
        #expect(policy.allows("proxy.example:8443", port: 8080))
        #expect(!policy.allows("proxy.example:443", port: 8080))
        #expect(!policy.allows("sub.starscope.lan", port: 8080))
    }

    @Test func originsCompareNormalisedHostAndPort() {
        #expect(HostPolicy.sameOrigin("http://[::1]:8080", host: "[::1]:8080"))
        #expect(HostPolicy.sameOrigin("http://LOCALHOST:8080", host: "localhost:8080"))
        #expect(HostPolicy.sameOrigin("https://starscope.example", host: "starscope.example"))
        #expect(HostPolicy.sameOrigin("http://127.0.0.1:8080/favorites?x=1", host: "127.0.0.1:8080"))
        #expect(!HostPolicy.sameOrigin("null", host: "127.0.0.1:8080"))
        #expect(!HostPolicy.sameOrigin("http://rebind.attacker.example:8080", host: "127.0.0.1:8080"))
        #expect(!HostPolicy.sameOrigin("http://[::1]:8081", host: "[::1]:8080"))
        #expect(!HostPolicy.sameOrigin("file://", host: "127.0.0.1:8080"))
        #expect(!HostPolicy.sameOrigin("http://127.0.0.1:8080", host: nil))
    }

    @Test func postsWithoutTheCookieOrFromTheNullOriginAreRefusedBeforeTheBodyIsRead() async throws {
        try await WebHarness.run { web in
            let noCookie = try await web.post("/settings/token/delete", form: ["csrf": String(repeating: "ab", count: 32)], cookie: nil)
            #expect(noCookie.status == .forbidden)
            let (cookie, token) = try await web.csrf()
            let null = try await web.post("/settings/token/delete", form: ["csrf": token], cookie: cookie, headers: [.origin: "null"])
            #expect(null.status == .forbidden)
            // 140,000 multipart parts: refused at once, not parsed for seconds.
            let boundary = "b"
            let parts = String(repeating: "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\ny\r\n", count: 140_000)
            var headers: HTTPFields = [.cookie: cookie, .contentType: "multipart/form-data; boundary=\(boundary)"]
            let many = try await web.client.execute(
                uri: "/favorites/import", method: .post, headers: headers, body: ByteBuffer(string: parts + "--b--\r\n"))
            #expect(many.status == .contentTooLarge || many.status == .forbidden)
            headers[.contentType] = "application/x-www-form-urlencoded"
            let fields = try await web.client.execute(
                uri: "/favorites/toggle", method: .post, headers: headers,
                body: ByteBuffer(string: "csrf=\(token)&" + String(repeating: "a=1&", count: 1_000)))
            #expect(fields.status == .contentTooLarge)
            let huge = try await web.client.execute(
                uri: "/settings/theme", method: .post, headers: headers,
                body: ByteBuffer(string: "csrf=\(token)&theme=" + String(repeating: "x", count: 100_000)))
            #expect(huge.status == .contentTooLarge)
        }
    }

    @Test(arguments: [
        "/\t/evil.com", "/\n/evil.com", "/ /evil.com", "//evil.com", "/\\evil.com", "https://evil.com", "/\u{7F}/x", "/é", "",
    ])
    func returnTargetsWithControlCharactersOrSpacesAreRefused(target: String) {
        #expect(LocalPath.safe(target) == nil)
    }

    @Test func returnTargetsThatStayHereAreKept() {
        #expect(LocalPath.safe("/repos/a/b?since=week&q=x%20y") == "/repos/a/b?since=week&q=x%20y")
    }

    @Test func avatarsOnlyFromAvatarPathsOnAllowedHosts() throws {
        let api = try #require(URL(string: "https://ghe.example.com/api/v3"))
        for allowed in [
            "https://avatars.githubusercontent.com/u/583231?v=4", "https://avatars.githubusercontent.com/in/15368",
            "https://ghe.example.com/avatars/u/3?s=40", "https://avatars.githubusercontent.com/u/1",
        ] {
            #expect(AvatarDownload.isAllowed(try #require(URL(string: allowed)), apiURL: api), "\(allowed)")
        }
        for refused in [
            "https://ghe.example.com/_fake/reset", "https://ghe.example.com/api/v3/user", "https://ghe.example.com/avatars/../user",
            "https://ghe.example.com/avatars/u/3/../../x", "https://avatars.githubusercontent.com/u/1?redirect=x",
            "https://avatars.githubusercontent.com/u/abc", "https://avatars.githubusercontent.com/u/%2e%2e",
            "http://avatars.githubusercontent.com/u/1", "https://ghe.example.com:444/avatars/u/3", "https://ghe.example.com/avatars/u/3#x",
        ] {
            #expect(!AvatarDownload.isAllowed(try #require(URL(string: refused)), apiURL: api), "\(refused)")
        }
    }

    @Test func avatarRequestsForOtherPathsOnTheAPIHostNeverLeave() async throws {
        try await WebHarness.run { web in
            let origin = web.services.settings.apiURL.absoluteString
            for path in ["/_fake/reset", "/user", "/rate_limit", "/avatars/u/1/../../_fake/reset"] {
                let source = (origin + path).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let response = try await web.get("/avatar?src=\(source)")
                #expect(String(buffer: response.body).hasPrefix("<svg"), "\(path)")
            }
            #expect(await web.fake.requests().isEmpty)
        }
    }

    @Test func freeTextIsBoundedEverywhere() async throws {
        try await WebHarness.run { web in
            let longQuery = String(repeating: "word ", count: 20_000)
            let encoded = longQuery.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let long = try await web.get("/favorites?q=\(encoded)")
            #expect(long.status == .badRequest)
            let manyWords = try await web.get("/favorites?q=a+b+c+d+e+f+g+h+i")
            #expect(manyWords.status == .badRequest)
            let manyEncoded = try await web.get("/favorites?q=a%20b%20c%20d%20e%20f%20g%20h%20i")
            #expect(manyEncoded.status == .badRequest)
            let fewWords = try await web.get("/favorites?q=a+b+c")
            #expect(fewWords.status == .ok)
            let list =
                "/?since=week&q=\(String(repeating: "x", count: 201))".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let live = try await web.get("/live?list=\(list)")
            #expect(live.status == .badRequest)
            #expect(await web.fake.requests().isEmpty)
        }
    }

    @Test func aFavouriteStoredUnderABadNameCanBeRemovedAndIsNeverRequested() async throws {
        try await WebHarness.run { web in
            let bad = "../x y<zq>"
            let stored = Repository(
                id: 999_999, name: "x y<zq>", fullName: bad, owner: Account(id: 999_999, login: ".."),
                htmlURL: "https://github.com/x", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
            try await web.services.database.addFavorite(stored, for: .owner)
            let list = try await web.get("/favorites")
            #expect(list.status == .ok)
            #expect(String(buffer: list.body).contains("x y&lt;zq&gt;"))
            let (cookie, token) = try await web.csrf()
            let removed = try await web.post("/favorites/toggle", form: ["csrf": token, "repo": bad], cookie: cookie)
            #expect(removed.status == .seeOther)
            #expect(try await web.services.database.favorites(for: .owner).isEmpty)
            let again = try await web.post("/favorites/toggle", form: ["csrf": token, "repo": bad], cookie: cookie)
            #expect(again.status == .badRequest)
            #expect(await web.fake.requests().allSatisfy { !$0.path.contains("..") && !$0.path.contains("zq") })
        }
    }

    @Test func headIsAnsweredLikeGet() async throws {
        try await WebHarness.run { web in
            let head = try await web.client.execute(uri: "/healthz", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(try await web.client.execute(uri: "/favorites", method: .head).status == .ok)
        }
    }
}
