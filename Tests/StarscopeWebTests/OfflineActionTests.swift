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
            for name in ["app.css", "app.js", "offline.js", "place.js", "icon.svg"] {
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

    /// A first visit to a list loads only what every page uses; a detail adds its own scripts, and
    /// app.js is told where they are for a detail it shows in the pane (issue 42, point 11).
    @Test func scriptsAreLoadedByThePagesThatUseThem() async throws {
        try await WebHarness.run { web in
            let list = try await web.page("/").html
            let name = try #require(web.fake.dataset.repositories.first?.fullName)
            let detail = try await web.page("/repos/\(name)").html
            let tag = { (file: String) in "<script src=\"\(Assets.url(file))\" defer" }
            for file in ["app.js", "place.js"] { #expect(list.contains(tag(file)) && detail.contains(tag(file)), "\(file)") }
            for file in ["offline.js", "star-button.js", "copy-button.js"] { #expect(!list.contains(tag(file)), "\(file)") }
            for file in ["offline.js", "star-button.js"] { #expect(detail.contains(tag(file)), "\(file)") }
            #expect(list.contains("data-offline=\"\(Assets.url("offline.js"))\" data-star=\"\(Assets.url("star-button.js"))\""))
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
