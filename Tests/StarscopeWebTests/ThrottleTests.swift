import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StarscopeCore
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// Limits per client and per account, never for everyone: sign-in codes and tokens, guest
/// sessions (throttled per client, capped in number) and `/live` (capped per session). The
/// clients are told apart behind a trusted proxy (`--trusted-proxy 127.0.0.1/32`, the in-process
/// server's peer) by `X-Forwarded-For`.
@Suite struct ThrottleTests {
    static let csrf = String(repeating: "ab", count: 32)
    static let csrfCookie = "starscope_csrf=\(csrf)"
    static let grouesToken = "ghp_FAKEgroueTOKEN00000000000000000000000000"

    static func behindTheProxy(_ settings: inout WebSettings) {
        settings.trustedProxies = [IPNetwork("127.0.0.1/32"), IPNetwork("::1/128")].compactMap { $0 }
    }

    static func from(_ client: String) throws -> HTTPFields {
        [try #require(HTTPField.Name("X-Forwarded-For")): client]
    }

    static func world() -> FakeGitHub.Configuration {
        var configuration = WebHarness.smallWorld()
        configuration.tokens[grouesToken] = "groue"
        return configuration
    }

    static func session(_ response: TestResponse) -> String? {
        response.headers[values: .setCookie].first { $0.hasPrefix("\(SignInMiddleware.cookie)=") }.map { String($0.prefix { $0 != ";" }) }
    }

    @Test func wrongCodesLockOutTheirClientOnlyNeverTheOwner() async throws {
        try await WebHarness.run(requireSignIn: true, live: true, configure: Self.behindTheProxy) { web in
            let wrong = String(repeating: "0", count: 32)
            // Seven clients each spend their ten tries: seventy wrong codes in a minute.
            for client in 1...7 {
                for _ in 0..<SignInGate.perClientPerMinute {
                    #expect(try await web.get("/signin?code=\(wrong)", headers: Self.from("198.51.100.\(client)")).status == .unauthorized)
                }
                #expect(try await web.get("/signin?code=\(wrong)", headers: Self.from("198.51.100.\(client)")).status == .tooManyRequests)
            }
            // The first client is still locked out, even with the right code…
            let code = await web.services.signIn.gate.issue()
            #expect(try await web.get("/signin?code=\(code)", headers: Self.from("198.51.100.1")).status == .tooManyRequests)
            // …and the owner, from another address, signs in with it.
            let owner = try await web.get("/signin?code=\(code)", headers: Self.from("203.0.113.50"))
            #expect(owner.status == .seeOther)
            #expect(Self.session(owner) != nil)
        }
    }

    @Test func aForgedForwardedForFromAnUntrustedPeerIsIgnored() async throws {
        // No --trusted-proxy: every request is the peer's own (127.0.0.1), whatever it claims.
        try await WebHarness.run(requireSignIn: true, live: true) { web in
            let wrong = String(repeating: "0", count: 32)
            for index in 0..<SignInGate.perClientPerMinute {
                #expect(try await web.get("/signin?code=\(wrong)", headers: Self.from("198.51.100.\(index)")).status == .unauthorized)
            }
            #expect(try await web.get("/signin?code=\(wrong)", headers: Self.from("198.51.100.99")).status == .tooManyRequests)
            // Nor is X-Forwarded-Proto: the cookie is not marked Secure on its word.
            let code = await web.services.signIn.gate.issue()
            let proto = try #require(HTTPField.Name("X-Forwarded-Proto"))
            let refused = try await web.get("/signin?code=\(code)", headers: [proto: "https"])
            #expect(refused.status == .tooManyRequests)
        }
    }

    @Test func behindATrustedProxyTheCookieIsSecureOnlyWhenItSaysHTTPS() async throws {
        try await WebHarness.run(requireSignIn: true, live: true, configure: Self.behindTheProxy) { web in
            let proto = try #require(HTTPField.Name("X-Forwarded-Proto"))
            let secure = try await web.get("/signin?code=\(await web.services.signIn.gate.issue())", headers: [proto: "https"])
            #expect(secure.headers[values: .setCookie].contains { $0.hasPrefix("\(SignInMiddleware.cookie)=") && $0.contains("Secure") })
            let plain = try await web.get("/signin?code=\(await web.services.signIn.gate.issue())", headers: [proto: "http"])
            let cookie = try #require(plain.headers[values: .setCookie].first { $0.hasPrefix("\(SignInMiddleware.cookie)=") })
            #expect(!cookie.contains("Secure"))
        }
    }

    static func signIn(_ web: WebHarness, _ token: String, _ client: String) async throws -> HTTPResponse.Status {
        try await web.post("/signin", form: ["csrf": csrf, "token": token], cookie: csrfCookie, headers: from(client)).status
    }

    @Test func tokenSignInsAreLimitedPerClientAndPerAccount() async throws {
        try await WebHarness.run(Self.world(), accounts: true, live: true, configure: Self.behindTheProxy) { web in
            // Ten wrong tokens from one client: that client waits; another signs in.
            let wrong = "ghp_" + String(repeating: "x", count: 36)
            for _ in 0..<SignInGate.perClientPerMinute {
                let status = try await Self.signIn(web, wrong, "198.51.100.1")
                #expect(status == .unauthorized)
            }
            #expect(try await Self.signIn(web, FakeGitHub.octocatToken, "198.51.100.1") == .tooManyRequests)
            #expect(try await Self.signIn(web, FakeGitHub.octocatToken, "198.51.100.2") == .seeOther)
            // One account signed in to ten times a minute (from anywhere) waits; another account does not.
            for index in 1..<SignInGate.perAccountPerMinute {
                #expect(try await Self.signIn(web, FakeGitHub.octocatToken, "203.0.113.\(index)") == .seeOther)
            }
            #expect(try await Self.signIn(web, FakeGitHub.octocatToken, "203.0.113.100") == .tooManyRequests)
            #expect(try await Self.signIn(web, Self.grouesToken, "203.0.113.101") == .seeOther)
        }
    }

    @Test func guestSessionsAreThrottledPerClient() async throws {
        try await WebHarness.run(accounts: true, guests: true, live: true, configure: Self.behindTheProxy) { web in
            for _ in 0..<SignInGate.guestsPerClientPerMinute {
                let guest = try await web.post(
                    "/signin/guest", form: ["csrf": Self.csrf], cookie: Self.csrfCookie, headers: Self.from("198.51.100.1"))
                #expect(guest.status == .seeOther)
            }
            let refused = try await web.post(
                "/signin/guest", form: ["csrf": Self.csrf], cookie: Self.csrfCookie, headers: Self.from("198.51.100.1"))
            #expect(refused.status == .tooManyRequests)
            #expect(Self.session(refused) == nil)
            let other = try await web.post(
                "/signin/guest", form: ["csrf": Self.csrf], cookie: Self.csrfCookie, headers: Self.from("198.51.100.2"))
            #expect(other.status == .seeOther)
            #expect(Self.session(other) != nil)
        }
    }

    @Test func guestSessionsAreCappedAndTheOldestEnds() async throws {
        try await WebHarness.run(accounts: true, guests: true, configure: { $0.maximumGuestSessions = 3 }) { web in
            var cookies: [String] = []
            for index in 0..<5 {
                let guest = try await web.post("/signin/guest", form: ["csrf": Self.csrf], cookie: Self.csrfCookie)
                cookies.append(try #require(Self.session(guest)))
                // The first guest browses meanwhile, so its session is one the server has checked.
                if index < 2 { #expect(try await web.get("/", headers: [.cookie: cookies[0]]).status == .ok) }
            }
            var open: [Int] = []
            for (index, cookie) in cookies.enumerated() {
                if try await web.get("/", headers: [.cookie: cookie]).status == .ok { open.append(index) }
            }
            #expect(open == [2, 3, 4])
            // The ended ones are led to sign in again.
            let ended = try await web.get("/", headers: [.cookie: cookies[0]])
            #expect(ended.headers[.location] == SiteURL.signIn.href)
        }
    }

    @Test func liveStreamsAreCappedPerSession() async throws {
        try await WebHarness.run(accounts: true, guests: true) { web in
            var secrets: [String] = []
            for _ in 0..<2 {
                let guest = try await web.post("/signin/guest", form: ["csrf": Self.csrf], cookie: Self.csrfCookie)
                secrets.append(String(try #require(Self.session(guest)).dropFirst(SignInMiddleware.cookie.count + 1)))
            }
            let names = try web.fake.dataset.repositories.prefix(LiveHub.maximumSourcesPerOwner + 2).map {
                try RepositoryName(parsing: $0.fullName)
            }
            let first = LiveController.owner(session: secrets[0], client: .unknown)
            let second = LiveController.owner(session: secrets[1], client: .unknown)
            // The first guest watches its share, in two tabs.
            var streams: [AsyncStream<LiveHub.Message>] = []
            let half = LiveHub.maximumSourcesPerOwner / 2
            for tab in 0..<2 {
                let sources = Set(names[(tab * half)..<((tab + 1) * half)].map { LiveSource.repository($0) })
                streams.append(try await web.services.live.subscribe(sources, owner: first))
            }
            // One more page of the first guest is refused, through the hub and through /live…
            await #expect(throws: LiveHub.Refusal.ownerFull) {
                try await web.services.live.subscribe([.repository(names[LiveHub.maximumSourcesPerOwner])], owner: first)
            }
            let refused = try await web.get(
                "/live?repo=\(names[LiveHub.maximumSourcesPerOwner].description)",
                headers: [.cookie: "\(SignInMiddleware.cookie)=\(secrets[0])"])
            #expect(refused.status == .tooManyRequests)
            // …while the hub still has room for the second guest.
            streams.append(try await web.services.live.subscribe([.repository(names[LiveHub.maximumSourcesPerOwner + 1])], owner: second))
            #expect(await web.services.live.status.watching == 3)
            // Tabs are capped per session too, even on one thing watched.
            for _ in 1..<LiveHub.maximumSubscribersPerOwner {
                streams.append(
                    try await web.services.live.subscribe([.repository(names[LiveHub.maximumSourcesPerOwner + 1])], owner: second))
            }
            await #expect(throws: LiveHub.Refusal.ownerFull) {
                try await web.services.live.subscribe([.repository(names[LiveHub.maximumSourcesPerOwner + 1])], owner: second)
            }
            // And in total, whoever asks.
            let others = try web.fake.dataset.repositories.dropFirst(LiveHub.maximumSourcesPerOwner + 2)
                .prefix(LiveHub.maximumSources).map { try RepositoryName(parsing: $0.fullName) }
            var full = false
            for (index, name) in others.enumerated() where !full {
                do {
                    streams.append(try await web.services.live.subscribe([.repository(name)], owner: "client 192.0.2.\(index)"))
                } catch {
                    full = (error as? LiveHub.Refusal) == .full
                }
            }
            #expect(full)
            _ = streams
        }
    }
}
