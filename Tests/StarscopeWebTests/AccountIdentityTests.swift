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

/// Accounts that hold (`--accounts`): kept by GitHub's user id, so a login someone else takes
/// opens nothing of its old owner's; "Sign out everywhere" and "Forget me" in Settings.
@Suite struct AccountIdentityTests {
    static let newcomersToken = "ghp_FAKEnewcomerTOKEN000000000000000000000000"

    static func favorite(_ web: WebHarness, _ cookies: String, _ name: String, note: String = "") async throws {
        let csrf = AccountsTests.csrf(cookies)
        #expect(try await web.post("/favorites/toggle", form: ["csrf": csrf, "repo": name], cookie: cookies).status == .seeOther)
        if !note.isEmpty {
            let annotated = try await web.post(
                "/favorites/annotate", form: ["csrf": csrf, "repo": name, "note": note, "tags": "kept"], cookie: cookies)
            #expect(annotated.status == .seeOther)
        }
    }

    static func page(_ web: WebHarness, _ path: String, _ cookies: String) async throws -> (HTTPResponse.Status, String) {
        let response = try await web.get(path, headers: [.cookie: cookies])
        return (response.status, String(buffer: response.body))
    }

    @Test func aLoginTakenOverByANewcomerOpensNothingOfItsOldOwners() async throws {
        try await WebHarness.run(AccountsTests.world(), accounts: true) { web in
            let octocat = try #require(web.fake.dataset.account(login: "octocat"))
            let (owner, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let name = try #require(web.fake.dataset.repositories.first?.fullName)
            try await Self.favorite(web, owner, name, note: "noted-by-the-first-owner")

            // The owner renamed their GitHub account; a newcomer (another id) took "octocat".
            await web.fake.setIdentity(token: Self.newcomersToken, id: 987_654_321, login: "octocat")
            let (newcomer, signedIn) = try await AccountsTests.signIn(web, token: Self.newcomersToken)
            #expect(signedIn.status == .seeOther)
            let (_, favorites) = try await Self.page(web, "/favorites", newcomer)
            #expect(!favorites.contains("data-repo=\"\(name)\""))
            let (_, export) = try await Self.page(web, "/favorites/export", newcomer)
            #expect(!export.contains(name) && !export.contains("noted-by-the-first-owner"))
            let (_, detail) = try await Self.page(web, "/repos/\(name)", newcomer)
            #expect(!detail.contains("noted-by-the-first-owner"))
            let (_, settings) = try await Self.page(web, "/settings", newcomer)
            #expect(settings.contains("<strong>octocat</strong>"))

            // The owner's session and data are untouched, and their next sign-in, under the new
            // login, finds them.
            #expect(try await Self.page(web, "/favorites", owner).1.contains("data-repo=\"\(name)\""))
            #expect(try await Self.page(web, "/repos/\(name)", owner).1.contains("noted-by-the-first-owner"))
            await web.fake.setIdentity(token: FakeGitHub.octocatToken, id: octocat.id, login: "octocat-renamed")
            let (again, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            #expect(try await Self.page(web, "/favorites", again).1.contains("data-repo=\"\(name)\""))
            #expect(try await Self.page(web, "/repos/\(name)", again).1.contains("noted-by-the-first-owner"))
            #expect(try await Self.page(web, "/settings", again).1.contains("<strong>octocat-renamed</strong>"))
            #expect(try await web.services.database.account(login: "octocat")?.userID == 987_654_321)
        }
    }

    @Test func anAllowedLoginLetsInOnlyTheAccountItWasFirstBoundTo() async throws {
        try await WebHarness.run(AccountsTests.world(), accounts: true, allowedLogins: ["octocat"]) { web in
            let (_, first) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            #expect(first.status == .seeOther)
            await web.fake.setIdentity(token: Self.newcomersToken, id: 987_654_321, login: "octocat")
            let (cookies, refused) = try await AccountsTests.signIn(web, token: Self.newcomersToken)
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains("let in another GitHub account called octocat"))
            #expect(!cookies.contains("starscope_session"))
            #expect(try await web.services.database.account(login: "octocat")?.userID != 987_654_321)
        }
    }

    @Test func anAccountFromBeforeIDsIsAdoptedAtItsNextSignIn() async throws {
        try await WebHarness.run(AccountsTests.world(), accounts: true) { web in
            let name = try #require(web.fake.dataset.repositories.first?.fullName)
            let repository = try await web.services.reading.details.repository(try RepositoryName(parsing: name))
            try await web.services.database.saveAccount(login: "groue", sealedToken: Data([1]), at: Date())
            try await web.services.database.addFavorite(repository, for: Viewer(stored: "groue"), at: Date())
            let (groue, _) = try await AccountsTests.signIn(web, token: AccountsTests.grouesToken)
            #expect(try await Self.page(web, "/favorites", groue).1.contains("data-repo=\"\(name)\""))
            let record = try #require(try await web.services.database.account(login: "groue"))
            #expect(record.key.rawValue == "#\(try #require(web.fake.dataset.account(login: "groue")).id)")
            #expect(try await web.services.database.favoriteIDs(for: Viewer(stored: "groue")).isEmpty)
        }
    }

    @Test func signOutEverywhereEndsEverySessionOfThisAccountAndNoOtherOne() async throws {
        try await WebHarness.run(AccountsTests.world(), accounts: true) { web in
            let (phone, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let (laptop, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let (groue, _) = try await AccountsTests.signIn(web, token: AccountsTests.grouesToken)
            // Each browser was let in once, so the server trusts it for a while without reading the store.
            for cookies in [phone, laptop, groue] { #expect(try await Self.page(web, "/favorites", cookies).0 == .ok) }
            let (_, settings) = try await Self.page(web, "/settings", phone)
            #expect(settings.contains("action=\"/settings/sign-out-everywhere\""))

            let out = try await web.post("/settings/sign-out-everywhere", form: ["csrf": AccountsTests.csrf(phone)], cookie: phone)
            #expect(out.status == .seeOther)
            #expect(out.headers[values: .location] == ["/signin"])
            #expect(out.headers[HTTPField.Name("Clear-Site-Data")!] == "\"cache\", \"storage\"")
            #expect(out.headers[values: .setCookie].contains { $0.hasPrefix("starscope_session=;") })
            for cookies in [phone, laptop] {
                let response = try await web.get("/favorites", headers: [.cookie: cookies])
                #expect(response.status == .seeOther)
                #expect(response.headers[values: .location] == ["/signin"])
                let post = try await web.post(
                    "/favorites/toggle", form: ["csrf": AccountsTests.csrf(cookies), "repo": "a/b"], cookie: cookies)
                #expect(post.status == .unauthorized)
            }
            #expect(try await Self.page(web, "/favorites", groue).0 == .ok)
        }
    }

    @Test func forgetMeAsksFirstThenDeletesEverythingOfThisAccountOnly() async throws {
        try await WebHarness.run(AccountsTests.world(), accounts: true, guests: true) { web in
            let names = web.fake.dataset.repositories.prefix(2).map(\.fullName)
            let (octocat, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let (laptop, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let (groue, _) = try await AccountsTests.signIn(web, token: AccountsTests.grouesToken)
            try await Self.favorite(web, octocat, names[0], note: "noted-by-octocat")
            try await Self.favorite(web, octocat, names[1])
            try await Self.favorite(web, groue, names[0], note: "noted-by-groue")
            let database = web.services.database
            let key = try #require(try await database.account(login: "octocat")).key
            let grouesKey = try #require(try await database.account(login: "groue")).key.rawValue
            let grouesBefore = try await database.favorites(for: Viewer(stored: grouesKey), tag: nil)

            let (_, settings) = try await Self.page(web, "/settings", octocat)
            #expect(settings.contains("href=\"/settings/forget\""))
            let (status, confirm) = try await Self.page(web, "/settings/forget", octocat)
            #expect(status == .ok)
            #expect(confirm.contains("<strong>octocat</strong>") && confirm.contains("2 favourites"))
            #expect(confirm.contains("name=\"confirm\" value=\"forget\""))

            // Without the confirmation, nothing happens.
            let unconfirmed = try await web.post("/settings/forget", form: ["csrf": AccountsTests.csrf(octocat)], cookie: octocat)
            #expect(unconfirmed.headers[values: .location] == ["/settings/forget"])
            #expect(try await database.favoriteIDs(for: .account(key)).count == 2)
            // Nor without the CSRF token.
            let forged = try await web.post("/settings/forget", form: ["confirm": "forget"], cookie: octocat)
            #expect(forged.status == .forbidden)
            #expect(try await database.account(key: key) != nil)

            let forgot = try await web.post(
                "/settings/forget", form: ["csrf": AccountsTests.csrf(octocat), "confirm": "forget"], cookie: octocat)
            #expect(forgot.status == .seeOther)
            #expect(forgot.headers[values: .location] == ["/signin"])
            #expect(forgot.headers[HTTPField.Name("Clear-Site-Data")!] == "\"cache\", \"storage\", \"cookies\"")
            #expect(try await database.account(key: key) == nil)
            #expect(try await database.account(login: "octocat") == nil)
            #expect(try await database.favorites(for: .account(key), tag: nil).isEmpty)
            #expect(try await database.favoriteTags(for: .account(key)).isEmpty)
            #expect(try await database.updates(for: .account(key), unseenOnly: false, since: nil).isEmpty)
            for cookies in [octocat, laptop] {
                #expect(try await web.get("/favorites", headers: [.cookie: cookies]).status == .seeOther)
            }
            // Groue keeps everything, note and session included.
            #expect(try await database.favorites(for: Viewer(stored: grouesKey), tag: nil) == grouesBefore)
            let (grouesStatus, grouesPage) = try await Self.page(web, "/favorites", groue)
            #expect(grouesStatus == .ok && grouesPage.contains("data-repo=\"\(names[0])\""))
            #expect(try await database.account(key: AccountKey(grouesKey))?.sealedToken.isEmpty == false)

            // Guests have no account to forget.
            let page = try await web.get("/signin")
            let csrfPair = try #require(
                page.headers[values: .setCookie].first { $0.hasPrefix("starscope_csrf=") }.map { String($0.prefix { $0 != ";" }) })
            let guest = try await web.post("/signin/guest", form: ["csrf": AccountsTests.csrf(csrfPair)], cookie: csrfPair)
            let session = try #require(
                guest.headers[values: .setCookie].first { $0.hasPrefix("starscope_session=") }.map { String($0.prefix { $0 != ";" }) })
            let guestCookies = "\(csrfPair); \(session)"
            #expect(try await Self.page(web, "/settings/forget", guestCookies).0 == .notFound)
            #expect(!(try await Self.page(web, "/settings", guestCookies).1.contains("/settings/forget")))
            let post = try await web.post(
                "/settings/sign-out-everywhere", form: ["csrf": AccountsTests.csrf(guestCookies)], cookie: guestCookies)
            #expect(post.status == .forbidden)
            #expect(try await Self.page(web, "/favorites", groue).0 == .ok)
        }
    }
}

extension AccountIdentityTests {
    /// Without accounts, "Sign out everywhere" ends every device's one-time-link session.
    @Test func withOneUserSignOutEverywhereEndsEveryLinksSession() async throws {
        try await WebHarness.run(requireSignIn: true) { web in
            var browsers: [String] = []
            for _ in 0..<2 {
                let code = await web.services.signIn.gate.issue()
                let signIn = try await web.get("/signin?code=\(code)")
                let session = try #require(SignInTests.sessionCookie(signIn)).pair
                let (csrfCookie, _) = try await web.csrf(session: session)
                browsers.append("\(csrfCookie); \(session)")
            }
            for cookies in browsers { #expect(try await Self.page(web, "/settings", cookies).0 == .ok) }
            let (_, settings) = try await Self.page(web, "/settings", browsers[0])
            #expect(settings.contains("action=\"/settings/sign-out-everywhere\""))
            #expect(!settings.contains("/settings/forget"))
            #expect(try await Self.page(web, "/settings/forget", browsers[0]).0 == .notFound)
            let out = try await web.post(
                "/settings/sign-out-everywhere", form: ["csrf": AccountsTests.csrf(browsers[0])], cookie: browsers[0])
            #expect(out.status == .seeOther)
            for cookies in browsers {
                #expect(try await web.get("/settings", headers: [.cookie: cookies]).headers[values: .location] == ["/signin"])
            }
        }
    }
}
