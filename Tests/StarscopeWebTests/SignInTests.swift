import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StarscopeWeb

/// With sign-in required: no session, no app; a one-time link makes a session, once.
@Suite struct SignInTests {
    /// The session cookie from a `Set-Cookie` header, and its flags.
    static func sessionCookie(_ response: TestResponse) -> (pair: String, flags: String)? {
        for field in response.headers[values: .setCookie] where field.hasPrefix("\(SignInMiddleware.cookie)=") {
            let pair = String(field.prefix { $0 != ";" })
            return (pair, field)
        }
        return nil
    }

    @Test func withoutASessionPagesGoToSignInAndPostsAndLiveGet401() async throws {
        try await WebHarness.run(requireSignIn: true) { web in
            for path in ["/", "/favorites", "/settings", "/repos/a/b", "/users", "/avatar?src=x"] {
                let response = try await web.get(path)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.headers[.location] == "/signin", "\(path)")
            }
            #expect(try await web.get("/live?repo=a/b").status == .unauthorized)
            let token = String(repeating: "ab", count: 32)
            let post = try await web.post("/settings/token/delete", form: ["csrf": token], cookie: "starscope_csrf=\(token)")
            #expect(post.status == .unauthorized)
            #expect(String(buffer: try await web.get("/healthz").body) == "ok")
            #expect(try await web.get("/signin").status == .ok)
            #expect(try await web.get("/assets/app.css").status == .ok)
            #expect(await web.fake.requests().isEmpty)
        }
    }

    @Test func aLinkSignsInOnceWithAStrictCookieAndSignOutEndsIt() async throws {
        try await WebHarness.run(requireSignIn: true) { web in
            let code = await web.services.signIn.gate.issue()
            let signIn = try await web.get("/signin?code=\(code)")
            #expect(signIn.status == .seeOther)
            #expect(signIn.headers[.location] == "/")
            let cookie = try #require(Self.sessionCookie(signIn))
            #expect(cookie.flags.contains("HttpOnly"))
            #expect(cookie.flags.contains("SameSite=Lax"))
            #expect(!cookie.flags.contains("Secure"))
            // Nothing of the secret is stored: only its hash.
            let secret = String(cookie.pair.dropFirst(SignInMiddleware.cookie.count + 1))
            #expect(try await web.services.database.session(secret: secret) != nil)

            let again = try await web.get("/signin?code=\(code)")
            #expect(again.status == .unauthorized)
            #expect(Self.sessionCookie(again) == nil)

            let page = try await web.get("/favorites", headers: [.cookie: cookie.pair])
            #expect(page.status == .ok)
            let settings = try await web.get("/settings", headers: [.cookie: cookie.pair])
            #expect(String(buffer: settings.body).contains("action=\"/signout\""))

            let (csrfCookie, token) = try await web.csrf(session: cookie.pair)
            let out = try await web.post("/signout", form: ["csrf": token], cookie: "\(csrfCookie); \(cookie.pair)")
            #expect(out.status == .seeOther)
            // The browser is told to drop what it kept: its cache and the service worker's pages.
            #expect(out.headers[try #require(HTTPField.Name("Clear-Site-Data"))] == #""cache", "storage""#)
            #expect(try await web.get("/favorites", headers: [.cookie: cookie.pair]).status == .seeOther)
            #expect(try await web.services.database.session(secret: secret) == nil)
        }
    }

    @Test func aProxyHeaderFromAnUntrustedPeerMakesNoCookieSecure() async throws {
        // Trusted proxies only: see ThrottleTests for the cookie behind one.
        try await WebHarness.run(requireSignIn: true) { web in
            let code = await web.services.signIn.gate.issue()
            let forwarded = try #require(HTTPField.Name("X-Forwarded-Proto"))
            let signIn = try await web.get("/signin?code=\(code)", headers: [forwarded: "https"])
            #expect(signIn.status == .seeOther)
            #expect(Self.sessionCookie(signIn)?.flags.contains("Secure") == false)
        }
    }

    @Test func wrongAndForgedCodesAndCookiesAreRefused() async throws {
        try await WebHarness.run(requireSignIn: true) { web in
            _ = await web.services.signIn.gate.issue()
            for code in ["", "x", String(repeating: "0", count: 32), String(repeating: "a", count: 5_000)] {
                #expect(try await web.get("/signin?code=\(code)").status == .unauthorized)
            }
            for forged in [String(repeating: "a", count: 64), "../../etc", String(repeating: "z", count: 64)] {
                let response = try await web.get("/", headers: [.cookie: "\(SignInMiddleware.cookie)=\(forged)"])
                #expect(response.status == .seeOther)
            }
        }
    }

    @Test func signInAttemptsAreThrottledPerClient() async {
        let gate = SignInGate()
        let now = Date()
        let code = await gate.issue(now: now)
        let client = ClientAddress(key: "10.0.0.9")
        for _ in 0..<SignInGate.perClientPerMinute {
            #expect(await gate.redeem(String(repeating: "0", count: 32), client: client, now: now) == .refused)
        }
        // Even the right code is refused while throttled; another client, or a minute later, may try.
        #expect(await gate.redeem(code, client: client, now: now) == .throttled)
        #expect(await gate.redeem(code, client: client, now: now + 61) == .accepted)
        let expired = await gate.issue(now: now)
        #expect(await gate.redeem(expired, client: ClientAddress(key: "10.0.0.8"), now: now + SignInGate.codeLifetime + 1) == .refused)
    }

    @Test func withoutSignInRequiredTheSignInPageLeadsHome() async throws {
        try await WebHarness.run { web in
            let response = try await web.get("/signin")
            #expect(response.status == .seeOther)
            #expect(try await web.get("/").status == .ok)
        }
    }
}
