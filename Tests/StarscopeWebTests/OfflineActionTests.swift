import Foundation
import HTTPTypes
import StarscopeCore
import Testing

@testable import StarscopeWeb

/// Issue 27, point 2: what the service worker and the offline queue rely on from the server.
@Suite struct OfflineActionTests {
    /// A change queued offline says the state it wants, so sending it twice (an answer lost on
    /// the way back) leaves one favourite, and a removal sent twice removes it once.
    @Test func aFavouriteSentTwiceWithItsWantedStateIsAppliedOnce() async throws {
        try await WebHarness.run { web in
            let (cookie, token) = try await web.csrf()
            let name = String(try KeepPlaceTests.firstDetailLink(try await web.page("/").html).dropFirst("/repos/".count))
            let json: HTTPFields = [.accept: "application/json"]
            for _ in 0..<2 {
                let answer = try await web.post(
                    "/favorites/toggle", form: ["csrf": token, "repo": name, "favorite": "1"], cookie: cookie, headers: json)
                #expect(String(buffer: answer.body) == "{\"repo\":\"\(name)\",\"favorite\":true}")
            }
            #expect(try await web.services.database.favorites(for: .owner).map(\.repository.fullName) == [name])
            for _ in 0..<2 {
                let answer = try await web.post(
                    "/favorites/toggle", form: ["csrf": token, "repo": name, "favorite": "0"], cookie: cookie, headers: json)
                #expect(String(buffer: answer.body) == "{\"repo\":\"\(name)\",\"favorite\":false}")
            }
            #expect(try await web.services.database.favorites(for: .owner).isEmpty)
            // Without a wanted state it is still a toggle.
            _ = try await web.post("/favorites/toggle", form: ["csrf": token, "repo": name], cookie: cookie, headers: json)
            #expect(try await web.services.database.favorites(for: .owner).count == 1)
        }
    }

    @Test func theWorkerIsGivenTheShellPagesUseAndTheOfflinePage() async throws {
        try await WebHarness.run { web in
            let worker = try await web.page("/sw.js").html
            for name in ["app.css", "detail.css", "app.js", "offline.js", "pane.js", "icons.svg", "icon.svg"] {
                #expect(worker.contains("\"\(Assets.url(name))\""), "\(name)")
            }
            #expect(worker.contains("\"/offline\"]"))
            #expect(worker.hasPrefix("const SHELL_FILES = ["))
            let offline = try await web.page("/offline")
            #expect(offline.status == .ok)
            #expect(offline.html.contains("<nav class=\"tabs\""))
            #expect(!offline.html.contains("name=\"csrf\""))
        }
    }

    /// A first visit to a list loads only what every page uses; a detail, Favourites, search and
    /// Settings add their own style sheets and scripts, and app.js is told where those it loads
    /// later are: a detail's for one it shows in the pane, the keyboard help, the next page of a
    /// list (issue 42, point 11).
    @Test func styleSheetsAndScriptsAreLoadedByThePagesThatUseThem() async throws {
        try await WebHarness.run { web in
            let name = try #require(web.fake.dataset.repositories.first?.fullName)
            let script = { (file: String) in "<script src=\"\(Assets.url(file))\" defer" }
            let sheet = { (file: String) in "<link rel=\"stylesheet\" href=\"\(Assets.url(file))\">" }
            let own: [String: [String]] = [
                "/": [], "/rising": [], "/users": [],
                "/repos/\(name)": ["detail.css", "offline.js", "star-button.js", "detail.js"],
                "/favorites": ["favorites.css", "favorites.js"],
                "/search?q=swift": ["search.css"],
                "/settings": ["settings.css"],
                "/compare?repos=\(name)": ["detail.css", "detail.js", "compare.js"],
            ]
            let later = [
                "detail.css", "offline.js", "star-button.js", "detail.js", "favorites.css", "favorites.js", "search.css",
                "settings.css", "compare.js", "copy-button.js", "help.js", "help.css", "pane.js", "more.js",
            ]
            for (path, files) in own {
                let page = try await web.page(path).html
                #expect(page.contains(sheet("app.css")) && page.contains(script("app.js")), "\(path)")
                for file in files { #expect(page.contains(file.hasSuffix(".css") ? sheet(file) : script(file)), "\(path) \(file)") }
                for file in later where !files.contains(file) {
                    #expect(!page.contains(sheet(file)) && !page.contains(script(file)), "\(path) \(file)")
                }
            }
            // app.js starts with the addresses of what it loads later, and asks for no other.
            let app = String(decoding: Assets.all["app.js"]?.body ?? Data(), as: UTF8.self)
            let head = try #require(app.split(separator: "\n", maxSplits: 2).dropFirst().first)
            #expect(head.hasPrefix("const ASSETS = {"))
            for file in Assets.loadedLater { #expect(head.contains("\"\(file)\":\"\(Assets.url(file))\""), "\(file)") }
            let asked = app.matches(of: #/(?:need\(|later\[)"([a-z.-]+\.(?:js|css))"/#).map { String($0.output.1) }
            #expect(Set(asked) == Set(Assets.loadedLater))
            // place.js comes inside app.js: one answer, not two.
            #expect(Assets.all["place.js"] == nil)
        }
    }

    @Test func theOfflinePageIsOpenWithoutASessionAndShowsNoAccount() async throws {
        try await WebHarness.run(requireSignIn: true) { web in
            let offline = try await web.page("/offline")
            #expect(offline.status == .ok)
            #expect(offline.html.contains("<h1>Offline</h1>"))
            #expect(!offline.html.contains("data-unread"))
        }
    }
}
