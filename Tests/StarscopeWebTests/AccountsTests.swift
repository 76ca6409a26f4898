import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StarscopeCore
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// `serve --accounts`: each person signs in with their own token and never sees another's
/// favourites or token; `--allow-login` and `--guests`.
@Suite struct AccountsTests {
    static let grouesToken = "ghp_FAKEgroueTOKEN00000000000000000000000000"

    static func world() -> FakeGitHub.Configuration {
        var configuration = WebHarness.smallWorld()
        configuration.tokens[grouesToken] = "groue"
        return configuration
    }

    /// Signs in with `token` from a fresh browser: the cookies to send afterwards.
    static func signIn(_ web: WebHarness, token: String) async throws -> (cookies: String, response: TestResponse) {
        let first = try await web.get("/signin")
        let csrfCookie = try #require(first.headers[values: .setCookie].first { $0.hasPrefix("starscope_csrf=") })
        let csrfPair = String(csrfCookie.prefix { $0 != ";" })
        let csrf = String(csrfPair.dropFirst("starscope_csrf=".count))
        let response = try await web.post("/signin", form: ["csrf": csrf, "token": token], cookie: csrfPair)
        let session = response.headers[values: .setCookie].first { $0.hasPrefix("starscope_session=") }.map {
            String($0.prefix { $0 != ";" })
        }
        let cookies = ([csrfPair] + (session.map { [$0] } ?? [])).joined(separator: "; ")
        return (cookies, response)
    }

    static func csrf(_ cookies: String) -> String {
        cookies.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("starscope_csrf=") }
            .map { String($0.dropFirst("starscope_csrf=".count)) } ?? ""
    }

    @Test func twoAccountsNeverSeeEachOthersFavouritesOrToken() async throws {
        try await WebHarness.run(Self.world(), accounts: true) { web in
            let (octocat, first) = try await Self.signIn(web, token: FakeGitHub.octocatToken)
            #expect(first.status == .seeOther)
            let (groue, second) = try await Self.signIn(web, token: Self.grouesToken)
            #expect(second.status == .seeOther)
            let repos = web.fake.dataset.repositories.prefix(2).map(\.fullName)
            for (cookies, name) in [(octocat, repos[0]), (groue, repos[1])] {
                let toggled = try await web.post("/favorites/toggle", form: ["csrf": Self.csrf(cookies), "repo": name], cookie: cookies)
                #expect(toggled.status == .seeOther)
            }
            let octocatsPage = String(buffer: try await web.get("/favorites", headers: [.cookie: octocat]).body)
            let grouesPage = String(buffer: try await web.get("/favorites", headers: [.cookie: groue]).body)
            #expect(octocatsPage.contains("data-repo=\"\(repos[0])\""))
            #expect(!octocatsPage.contains("data-repo=\"\(repos[1])\""))
            #expect(grouesPage.contains("data-repo=\"\(repos[1])\""))
            #expect(!grouesPage.contains("data-repo=\"\(repos[0])\""))
            let export = String(buffer: try await web.get("/favorites/export", headers: [.cookie: groue]).body)
            #expect(export.contains(repos[1]) && !export.contains(repos[0]))

            // Each one's settings name them, never a token; neither can touch the server's token.
            let settings = String(buffer: try await web.get("/settings", headers: [.cookie: groue]).body)
            #expect(settings.contains("<strong>groue</strong>"))
            #expect(!settings.contains(Self.grouesToken) && !settings.contains(FakeGitHub.octocatToken))
            #expect(!settings.contains("action=\"/settings/token\""))
            let delete = try await web.post("/settings/token/delete", form: ["csrf": Self.csrf(groue)], cookie: groue)
            #expect(delete.status == .forbidden)

            // Requests go to GitHub with each account's own token.
            let before = await web.fake.requests().count
            _ = try await web.get("/users/octocat", headers: [.cookie: groue])
            let made = await web.fake.requests().dropFirst(before)
            #expect(!made.isEmpty && made.allSatisfy(\.authenticated))
        }
    }

    /// Every page of a signed-in person is theirs alone: `private, no-store`, the export and the
    /// search; assets, the same for everyone, stay `public`.
    @Test func aSignedInPersonsPagesAreKeptByNoCache() async throws {
        try await WebHarness.run(Self.world(), accounts: true) { web in
            let (cookies, _) = try await Self.signIn(web, token: FakeGitHub.octocatToken)
            let name = try #require(web.fake.dataset.repositories.first).fullName
            for path in ["/", "/favorites", "/settings", "/favorites/export", "/updates", "/search?q=cli", "/repos/\(name)"] {
                let response = try await web.get(path, headers: [.cookie: cookies])
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.cacheControl] == "private, no-store", "\(path)")
            }
            let page = String(buffer: try await web.get("/", headers: [.cookie: cookies]).body)
            let asset = try #require(page.firstRange(of: #/\/assets\/[a-z-]+\.[0-9a-f]{16}\.css/#).map { String(page[$0]) })
            #expect(try await web.get(asset, headers: [.cookie: cookies]).headers[.cacheControl]?.hasPrefix("public") == true)
        }
    }

    @Test func tokensAreSealedAtRestWithAPrivateKey() async throws {
        try await WebHarness.run(Self.world(), accounts: true) { web in
            _ = try await Self.signIn(web, token: Self.grouesToken)
            let record = try #require(try await web.services.database.account(login: "groue"))
            #expect(!String(decoding: record.sealedToken, as: UTF8.self).contains("ghp_"))
            #expect(web.services.vault?.unseal(record.sealedToken) == Self.grouesToken)
            let key = web.services.settings.configDirectory.appendingPathComponent("accounts.key")
            let attributes = try FileManager.default.attributesOfItem(atPath: key.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            // Not a byte of it anywhere in the database file.
            let files = try FileManager.default.contentsOfDirectory(atPath: web.services.settings.dataDirectory.path)
            for file in files where file.hasPrefix("starscope.sqlite") {
                let data = try Data(contentsOf: web.services.settings.dataDirectory.appendingPathComponent(file))
                #expect(data.range(of: Data(Self.grouesToken.utf8)) == nil, "\(file)")
            }
        }
    }

    @Test func badTokensAndLoginsOutsideTheListAreRefused() async throws {
        try await WebHarness.run(Self.world(), accounts: true, allowedLogins: ["octocat"]) { web in
            let (_, wrong) = try await Self.signIn(web, token: "ghp_wrong")
            #expect(wrong.status == .unauthorized)
            let (_, control) = try await Self.signIn(web, token: "ghp_a\u{1}b")
            #expect(control.status == .badRequest)
            #expect(!String(buffer: control.body).contains("ghp_a"))
            let (cookies, other) = try await Self.signIn(web, token: Self.grouesToken)
            #expect(other.status == .forbidden)
            #expect(String(buffer: other.body).contains("does not let groue sign in"))
            #expect(!cookies.contains("starscope_session"))
            let (_, allowed) = try await Self.signIn(web, token: FakeGitHub.octocatToken)
            #expect(allowed.status == .seeOther)
        }
    }

    @Test func guestsBrowseButCannotChangeAnything() async throws {
        try await WebHarness.run(Self.world(), accounts: true, guests: true) { web in
            let page = try await web.get("/signin")
            #expect(String(buffer: page.body).contains("action=\"/signin/guest\""))
            let csrfPair = try #require(
                page.headers[values: .setCookie].first { $0.hasPrefix("starscope_csrf=") }.map { String($0.prefix { $0 != ";" }) })
            let guest = try await web.post("/signin/guest", form: ["csrf": Self.csrf(csrfPair)], cookie: csrfPair)
            #expect(guest.status == .seeOther)
            let session = try #require(
                guest.headers[values: .setCookie].first { $0.hasPrefix("starscope_session=") }.map { String($0.prefix { $0 != ";" }) })
            let cookies = "\(csrfPair); \(session)"
            let home = try await web.get("/", headers: [.cookie: cookies])
            #expect(home.status == .ok)
            #expect(String(buffer: home.body).contains("data-repo=\""))
            #expect(!String(buffer: home.body).contains("fav-form"))
            let name = try #require(web.fake.dataset.repositories.first?.fullName)
            let toggle = try await web.post("/favorites/toggle", form: ["csrf": Self.csrf(cookies), "repo": name], cookie: cookies)
            #expect(toggle.status == .forbidden)
            #expect(try await web.services.database.favorites(for: .guest).isEmpty)
        }
    }

    @Test func withoutGuestsThereIsNoGuestDoor() async throws {
        try await WebHarness.run(Self.world(), accounts: true) { web in
            #expect(!String(buffer: try await web.get("/signin").body).contains("/signin/guest"))
            let token = String(repeating: "ab", count: 32)
            let guest = try await web.post("/signin/guest", form: ["csrf": token], cookie: "starscope_csrf=\(token)")
            #expect(guest.status == .notFound)
        }
    }

    @Test func aSessionOpensNothingOnceTheServerRunsAnotherWay() throws {
        var settings = WebSettings(environment: try StarscopeEnvironment(variables: ["STARSCOPE_DATA_DIR": "/", "HOME": "/"]))
        settings.requireSignIn = true
        #expect(SignInMiddleware.fits(.owner, SignInMiddleware.Rules(settings)))
        #expect(!SignInMiddleware.fits(.account(AccountKey("#1")), SignInMiddleware.Rules(settings)))
        #expect(!SignInMiddleware.fits(.guest, SignInMiddleware.Rules(settings)))
        settings.accounts = true
        #expect(SignInMiddleware.fits(.account(AccountKey("#1")), SignInMiddleware.Rules(settings)))
        #expect(!SignInMiddleware.fits(.owner, SignInMiddleware.Rules(settings)))
        #expect(!SignInMiddleware.fits(.guest, SignInMiddleware.Rules(settings)))
        settings.guests = true
        #expect(SignInMiddleware.fits(.guest, SignInMiddleware.Rules(settings)))
    }
}
