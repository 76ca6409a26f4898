import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StarscopeWeb

@Suite struct PageTests {
    @Test func trendingRendersRowsWithTheMarkupHooks() async throws {
        try await WebHarness.run { web in
            let (status, html, response) = try await web.page("/")
            #expect(status == .ok)
            let rows = html.components(separatedBy: "class=\"repo-row").count - 1
            #expect(rows == TrendingList.rowsPerPage)
            #expect(
                html.contains("rel=\"next\" href=\"/?since=week&amp;page=2\"") || html.contains("rel=\"next\" href=\"/?since=week&page=2\"")
            )
            let stars = try #require(html.range(of: "data-stars=\"")).upperBound
            #expect(Int(html[stars...].prefix { $0.isNumber }) != nil)
            #expect(html.contains("No description provided"))
            let csp = try #require(response.headers[.contentSecurityPolicy])
            #expect(csp.contains("script-src 'self'"))
            #expect(!csp.contains("unsafe-inline';") || !csp.contains("script-src 'self' 'unsafe-inline'"))
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(!html.contains("<script>") || html.components(separatedBy: "<script").count == 2)
        }
    }

    /// Every kind of answer (a page, a detail with its streamed sections, a file, an error)
    /// carries each security header once, with its one value.
    @Test func everyAnswerCarriesEachSecurityHeaderOnce() async throws {
        try await WebHarness.run { web in
            let home = try await web.page("/")
            let name = String(try #require(home.html.firstMatch(of: /data-repo="([^"]+)"/)?.1))
            let expected = [
                "Content-Security-Policy": SecurityMiddleware.policy, "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY",
                "Referrer-Policy": "same-origin", "Cross-Origin-Opener-Policy": "same-origin",
            ]
            for path in ["/", "/repos/\(name)", "/repos/\(name)", "/manifest.webmanifest", "/healthz", "/no/such/page"] {
                let response = try await web.get(path)
                for (field, value) in expected {
                    let name = try #require(HTTPField.Name(field))
                    #expect(response.headers[values: name] == [value], "\(path) \(field)")
                }
            }
        }
    }

    @Test func hostileTextIsEscapedEverywhere() async throws {
        try await WebHarness.run { web in
            for term in ["script", "onerror", "svg"] {
                let (status, html, _) = try await web.page("/?since=month&q=\(term)")
                #expect(status == .ok)
                #expect(!html.contains("<script>alert"))
                #expect(!html.contains("<img src=x"))
                #expect(!html.contains("<svg onload"))
            }
            let (_, html, _) = try await web.page("/?since=month&q=script")
            #expect(html.contains("&lt;script&gt;alert(&#39;xss&#39;)&lt;/script&gt;"))
            // Only our own script tags are in the page: each loads one of the app's files.
            let scripts = html.components(separatedBy: "<script").dropFirst()
            #expect(!scripts.isEmpty && scripts.allSatisfy { $0.hasPrefix(" src=\"/assets/") && $0.contains("></script>") })
        }
    }

    @Test func detailOfARowCostsNoRequestAndMissingOnesAre404() async throws {
        try await WebHarness.run { web in
            let (_, list, _) = try await web.page("/")
            let start = try #require(list.range(of: "data-repo=\"")).upperBound
            let name = String(list[start...].prefix { $0 != "\"" })
            let before = await web.fake.requests().count
            let (status, html, _) = try await web.page("/repos/\(name)")
            #expect(status == .ok)
            #expect(html.contains("<article class=\"detail"))
            #expect(html.contains("href=\"https://github.com/\(name)\""))
            // The repository itself comes from the list; its four sections cost one request each,
            // and the star history of a repository this new one page.
            let made = await web.fake.requests().dropFirst(before)
            #expect(!made.contains { $0.path == "/repos/\(name)" })
            #expect(made.count <= 5, "\(made.map(\.path))")
            #expect(
                Set(made.map(\.path)).isSubset(
                    of: ["readme", "releases", "contributors", "languages", "stargazers/history"].map { "/repos/\(name)/\($0)" }))
            // Again within a minute: nothing at all.
            let again = await web.fake.requests().count
            #expect(try await web.page("/repos/\(name)").status == .ok)
            #expect(await web.fake.requests().count == again)
            #expect(try await web.page("/repos/octocat/does-not-exist").status == .notFound)
            #expect(try await web.page("/repos/..%2F..%2Fetc/passwd").status == .notFound)
            #expect(try await web.page("/no/such/page").status == .notFound)
        }
    }

    @Test(arguments: ["/?since=year", "/?page=abc", "/?page=41", "/?page=-1", "/?q=" + String(repeating: "a", count: 300)])
    func badListParametersAre400(uri: String) async throws {
        try await WebHarness.run { web in
            let (status, html, _) = try await web.page(uri)
            #expect(status == .badRequest)
            #expect(html.contains("That address cannot be shown") || html.contains("Cannot do that"))
        }
    }

    @Test func openRedirectsOnlyToTheApp() async throws {
        try await WebHarness.run { web in
            for link in ["starscope://repo/swiftlang/swift", "https://github.com/swiftlang/swift", "swiftlang/swift"] {
                let response = try await web.get("/open?link=\(link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
                #expect(response.status == .found)
                #expect(response.headers[.location] == "/repos/swiftlang/swift")
            }
            for link in ["https://evil.example/a/b", "//evil.example/a", "javascript:alert(1)", ""] {
                let response = try await web.get("/open?link=\(link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")")
                #expect(response.status == .badRequest)
                #expect(response.headers[.location] == nil)
            }
        }
    }

    @Test func avatarsComeOnlyFromGitHubsAvatarHostOrTheAPI() async throws {
        try await WebHarness.run { web in
            let before = await web.fake.requests().count
            let foreign = try await web.get("/avatar?src=https%3A%2F%2Fevil.example%2Fx.png")
            #expect(foreign.status == .ok)
            #expect(String(buffer: foreign.body).contains("<svg"))
            #expect(await web.fake.requests().count == before)
            let (_, html, _) = try await web.page("/")
            let start = try #require(html.range(of: "src=\"/avatar?src=")).lowerBound
            let path = String(html[html.index(start, offsetBy: 5)...].prefix { $0 != "\"" })
            let avatar = try await web.get(path)
            #expect(avatar.status == .ok)
            #expect(avatar.headers[.cacheControl]?.contains("max-age=604800") == true)
            #expect(avatar.headers[.contentType] == "image/png")
        }
    }

    @Test func healthzAndAssets() async throws {
        try await WebHarness.run { web in
            #expect(String(buffer: try await web.get("/healthz").body) == "ok")
            let css = try await web.get("/assets/app.css")
            #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(String(buffer: css.body).contains(".repo-row{"))
            #expect(try await web.get("/assets/../Package.swift").status == .notFound)
            let icon = try await web.get("/assets/icon-192.png")
            #expect(icon.headers[.contentType] == "image/png")
            #expect(Array(icon.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            let manifest = String(buffer: try await web.get("/manifest.webmanifest").body)
            #expect(manifest.contains("\"start_url\": \"/\"") && manifest.contains("icon-512.png"))
        }
    }

    @Test func githubFailingShowsTheBannerOrAnErrorWithRetry() async throws {
        try await WebHarness.run(searchFreshness: 0) { web in
            #expect(try await web.page("/?since=month").status == .ok)
            await web.fake.inject(.serverError, path: "")
            let (status, html, _) = try await web.page("/?since=month")
            #expect(status == .ok)
            #expect(html.contains("<div class=\"banner\" role=\"status\">GitHub is having trouble — showing results from"))
            #expect(html.components(separatedBy: "class=\"repo-row").count - 1 == TrendingList.rowsPerPage)
            let (errorStatus, errorHTML, _) = try await web.page("/?since=day")
            #expect(errorStatus == .serviceUnavailable)
            #expect(errorHTML.contains("GitHub is having trouble (HTTP 500)"))
            #expect(errorHTML.contains("Try again"))
            await web.fake.clearFaults()
            await web.fake.setRemaining(0, resource: "search")
            let (_, limited, _) = try await web.page("/?since=month")
            #expect(limited.contains("search limit is used up (10 searches a minute) — resets at"))
            #expect(limited.contains("a token in Settings raises it to 30 a minute"))
        }
    }
}

@Suite struct FormTests {
    @Test func favouriteToggleNeedsTheCSRFToken() async throws {
        try await WebHarness.run { web in
            let name = try #require(web.fake.dataset.repositories.first?.fullName)
            let (cookie, token) = try await web.csrf()
            let noToken = try await web.post("/favorites/toggle", form: ["repo": name], cookie: cookie)
            #expect(noToken.status == .forbidden)
            let wrongToken = try await web.post(
                "/favorites/toggle", form: ["repo": name, "csrf": String(repeating: "0", count: 64)], cookie: cookie)
            #expect(wrongToken.status == .forbidden)
            var crossSite = HTTPFields()
            crossSite[.origin] = "https://evil.example"
            let foreign = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie, headers: crossSite)
            #expect(foreign.status == .forbidden)
            #expect(try await web.services.database.favorites(for: .owner).isEmpty)
            let added = try await web.post(
                "/favorites/toggle", form: ["repo": name, "csrf": token, "return": "/favorites"], cookie: cookie)
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/favorites")
            #expect(try await web.services.database.favorites(for: .owner).map(\.repository.fullName) == [name])
            var json = HTTPFields()
            json[.accept] = "application/json"
            let removed = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie, headers: json)
            #expect(String(buffer: removed.body) == "{\"repo\":\"\(name)\",\"favorite\":false}")
            let offSite = try await web.post(
                "/favorites/toggle", form: ["repo": name, "csrf": token, "return": "//evil.example/"], cookie: cookie)
            #expect(offSite.headers[.location] == "/favorites")
        }
    }

    @Test func favouritesPageSearchesExportsAndImports() async throws {
        try await WebHarness.run { web in
            let picks = Array(web.fake.dataset.repositories.prefix(2))
            let (cookie, token) = try await web.csrf()
            for repo in picks { _ = try await web.post("/favorites/toggle", form: ["repo": repo.fullName, "csrf": token], cookie: cookie) }
            let (_, html, _) = try await web.page("/favorites?q=\(picks[0].name)")
            #expect(html.contains("data-repo=\"\(picks[0].fullName)\""))
            let export = try await web.get("/favorites/export")
            #expect(export.headers[.contentDisposition]?.contains("attachment") == true)
            let exported = String(buffer: export.body)
            #expect(exported.contains("starscope-favorites"))
            _ = try await web.post("/favorites/toggle", form: ["repo": picks[1].fullName, "csrf": token], cookie: cookie)
            let boundary = "XyZ"
            let multipart =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f.json\"\r\nContent-Type: application/json\r\n\r\n\(exported)\r\n--\(boundary)--\r\n"
            var headers = HTTPFields()
            headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
            headers[.cookie] = cookie
            let imported = try await web.client.execute(
                uri: "/favorites/import", method: .post, headers: headers, body: ByteBuffer(string: multipart))
            // The outcome is shown on the page the redirect leads to, entry by entry.
            #expect(imported.status == .seeOther)
            let shown = try await web.get(try #require(imported.headers[.location]), headers: [.cookie: cookie])
            #expect(String(buffer: shown.body).contains("Imported 1 favourite; 1 was a favourite already."))
            #expect(try await web.services.database.favorites(for: .owner).count == 2)
        }
    }

    @Test func settingsChecksTheTokenAndNeverShowsIt() async throws {
        try await WebHarness.run { web in
            let (cookie, token) = try await web.csrf()
            let bad = try await web.post("/settings/token", form: ["token": "ghp_wrong_token_value", "csrf": token], cookie: cookie)
            // Refused: back to Settings (303), which says why; reloading it sends nothing again.
            #expect(bad.status == .seeOther)
            let location = try #require(bad.headers[.location])
            #expect(!location.contains("ghp_wrong_token_value"))
            let refusal = String(buffer: try await web.get(location, headers: [.cookie: cookie]).body)
            #expect(refusal.contains("rejected the token"))
            #expect(!refusal.contains("ghp_wrong_token_value"))
            let good = try await web.post("/settings/token", form: ["token": FakeGitHub.octocatToken, "csrf": token], cookie: cookie)
            #expect(good.status == .seeOther)
            let (_, html, _) = try await web.page("/settings?saved=1")
            #expect(html.contains("belonging to <strong>octocat</strong>"))
            #expect(html.contains("of 5,000 left"))
            #expect(!html.contains(FakeGitHub.octocatToken))
            // Requests now carry the token.
            await web.fake.clearRequests()
            _ = try await web.page("/?since=day")
            #expect(await web.fake.requests().allSatisfy(\.authenticated))
            let removed = try await web.post("/settings/token/delete", form: ["csrf": token], cookie: cookie)
            #expect(removed.status == .seeOther)
            #expect(try await web.page("/settings").html.contains("No token"))
        }
    }

    @Test func themeIsRemembered() async throws {
        try await WebHarness.run { web in
            let (cookie, token) = try await web.csrf()
            let saved = try await web.post("/settings/theme", form: ["theme": "dark", "csrf": token], cookie: cookie)
            let themeCookie = try #require(saved.headers[.setCookie]?.split(separator: ";").first)
            var headers = HTTPFields()
            headers[.cookie] = "\(cookie); \(themeCookie)"
            let page = try await web.get("/", headers: headers)
            #expect(String(buffer: page.body).contains("data-theme=\"dark\""))
        }
    }
}
