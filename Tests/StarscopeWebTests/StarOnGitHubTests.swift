import FakeGitHub
import Foundation
import HTTPTypes
import Testing

@testable import StarscopeWeb

/// One symbol per idea: favourites are a heart everywhere, GitHub's stars a star; "Star on
/// GitHub" shows its state, its count moving by one, and what a press did.
@Suite struct StarOnGitHubTests {
    @Test func favouritesAreAHeartInRowsTabAndDetailWithFavouriteInTheirNames() async throws {
        try await WebHarness.run { web in
            let name = try #require(web.fake.dataset.repositories.first).fullName
            let (cookie, token) = try await web.csrf()
            _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie)
            for uri in ["/?since=month", "/favorites", "/repos/\(name)"] {
                let (_, html, _) = try await web.page(uri)
                let toggles = html.components(separatedBy: "<button class=\"fav\"").dropFirst()
                #expect(!toggles.isEmpty, "\(uri)")
                for toggle in toggles {
                    let button = toggle.components(separatedBy: "</button>")[0]
                    #expect(button.contains(Layout.heart.markup), "\(uri)")
                    #expect(!button.contains("★") && !button.contains("☆"), "\(uri)")
                    #expect(button.contains(" favourites\""), "\(uri)")
                }
                // The tab shows the same heart.
                #expect(html.contains("#heart\"/></svg><span class=\"nav-long\">Favourites</span>"), "\(uri)")
            }
            let (_, detail, _) = try await web.page("/repos/\(name)")
            #expect(detail.contains("aria-label=\"Remove \(name) from favourites\""))
        }
    }

    @Test func starringShowsTheStateTheCountAndTheOutcomeWithAndWithoutScript() async throws {
        // However busy the machine, the detail waits for GitHub's word on the star here.
        try await WebHarness.run(token: FakeGitHub.octocatToken, configure: { $0.starStateWait = .seconds(60) }) { web in
            let repository = try #require(web.fake.dataset.repositories.first { $0.stars > 1 && $0.stars < 900 })
            let name = repository.fullName
            let (_, before, _) = try await web.page("/repos/\(name)")
            #expect(before.contains("data-starred-on-github=\"false\""))
            #expect(before.contains("☆ Star on GitHub"))
            let count = try #require(Self.count(before))
            let (cookie, token) = try await web.csrf()
            // The page's script: the state, the count one more, and a sentence.
            let json: HTTPFields = [.accept: "application/json"]
            let starred = try await web.post(
                "/star", form: ["repo": name, "starred": "true", "csrf": token], cookie: cookie, headers: json)
            #expect(starred.status == .ok)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: starred.body)) as? [String: Any])
            #expect(body["starred"] as? Bool == true)
            #expect(body["stars"] as? Int == count + 1)
            #expect(body["message"] as? String == "Starred \(name) on GitHub.")
            let (_, after, _) = try await web.page("/repos/\(name)")
            #expect(after.contains("★ Starred on GitHub"))
            #expect(Self.count(after) == count + 1)
            // Pressed twice (a second tab): the count does not move again.
            _ = try await web.post("/star", form: ["repo": name, "starred": "true", "csrf": token], cookie: cookie, headers: json)
            #expect(Self.count(try await web.page("/repos/\(name)").html) == count + 1)
            // Without script: the form comes back to the detail, which says what happened.
            let unstarred = try await web.post(
                "/star", form: ["repo": name, "starred": "false", "return": "/repos/\(name)", "csrf": token], cookie: cookie)
            #expect(unstarred.status == .seeOther)
            let back = try #require(unstarred.headers[.location])
            #expect(back.hasPrefix("/repos/\(name)?star="))
            let shown = String(buffer: try await web.get(back, headers: [.cookie: cookie]).body)
            #expect(shown.contains("role=\"status\">Removed your star from \(name) on GitHub.</p>"))
            #expect(shown.contains("☆ Star on GitHub"))
            #expect(Self.count(shown) == count)
            // An outcome id Starscope did not give shows no sentence.
            #expect(!String(buffer: try await web.get("/repos/\(name)?star=1-2").body).contains("Removed your star"))
        }
    }

    @Test func theStarStateIsAskedOnceAMomentAndWhatThisAppStarredIsKnownWithoutAsking() async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken, configure: { $0.starStateWait = .seconds(60) }) { web in
            let name = try #require(web.fake.dataset.repositories.first { $0.stars > 1 && $0.stars < 900 }).fullName
            let asked = { await web.fake.requests().filter { $0.path == "/user/starred/\(name)" && $0.method == "GET" }.count }
            for _ in 0..<3 {
                #expect(try await web.page("/repos/\(name)").html.contains("☆ Star on GitHub"))
            }
            #expect(await asked() == 1)
            let (cookie, token) = try await web.csrf()
            _ = try await web.post(
                "/star", form: ["repo": name, "starred": "true", "csrf": token], cookie: cookie, headers: [.accept: "application/json"])
            let before = await asked()
            #expect(try await web.page("/repos/\(name)").html.contains("★ Starred on GitHub"))
            // Starring asked GitHub for the state before it (for the count); the page after it did not.
            #expect(await asked() == before)
        }
    }

    @Test func aSlowGitHubDoesNotHoldTheDetailUpForTheStarsState() async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken) { web in
            let name = try #require(web.fake.dataset.repositories.first).fullName
            // GitHub takes 5 s to say whether it is starred; the detail waits half a second.
            await web.fake.inject(.slow(seconds: 5), path: "/user/starred")
            let (status, detail, _) = try await web.page("/repos/\(name)")
            #expect(status == .ok)
            // Not known in time: the button offers to star, which is right either way.
            #expect(detail.contains("data-starred-on-github=\"unknown\""))
            #expect(detail.contains("<input type=\"hidden\" name=\"starred\" value=\"true\">"))
        }
    }

    @Test func aRefusedStarSaysWhyInOneSentence() async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken) { web in
            let (cookie, token) = try await web.csrf()
            let missing = try await web.post(
                "/star", form: ["repo": "nobody/nothing-here", "starred": "true", "csrf": token], cookie: cookie,
                headers: [.accept: "application/json"])
            #expect(missing.status == .notFound)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: missing.body)) as? [String: Any])
            #expect(body["failed"] as? Bool == true)
            #expect((body["message"] as? String)?.contains("was not found on GitHub") == true)
        }
    }

    /// The number on the detail's star button.
    static func count(_ html: String) -> Int? {
        guard let start = html.range(of: "<span class=\"star-count\" title=\"") else { return nil }
        let digits = html[start.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
        return Int(digits)
    }
}
