import FakeGitHub
import Foundation
import HTTPTypes
import Testing

@testable import StarscopeWeb

/// GitHub stars in the web app: the detail's star button and Favourites' sync.
@Suite struct StarsPageTests {
    @Test func withATokenTheDetailStarsAndFavouritesSync() async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken) { web in
            let names = web.fake.dataset.repositories.prefix(3).map(\.fullName)
            let (_, detail, _) = try await web.page("/repos/\(names[0])")
            #expect(detail.contains("☆ Star on GitHub"))
            let (cookie, token) = try await web.csrf()
            let starred = try await web.post(
                "/star", form: ["repo": names[0], "starred": "true", "return": "/repos/\(names[0])", "csrf": token], cookie: cookie)
            #expect(starred.status == .seeOther)
            #expect(await web.fake.requests().contains { $0.method == "PUT" && $0.path == "/user/starred/\(names[0])" })

            await web.fake.star([names[1], names[2]], login: "octocat")
            let (_, favourites, _) = try await web.page("/favorites")
            #expect(favourites.contains("Sync with GitHub stars"))
            let synced = try await web.post("/favorites/sync", form: ["csrf": token], cookie: cookie)
            #expect(synced.status == .seeOther)
            // The outcome shows on the page the redirect leads to (reloading it syncs nothing again).
            let shown = try await web.get(try #require(synced.headers[.location]), headers: [.cookie: cookie])
            let page = String(buffer: shown.body)
            #expect(page.contains("Added 3 starred repositories from GitHub."))
            #expect(page.contains("starred on GitHub</span>"))
            #expect(Set(try await web.services.database.favorites(for: .owner).map(\.repository.fullName)) == Set(names))
            // A favourite Starscope knows is starred offers to unstar.
            let (_, known, _) = try await web.page("/repos/\(names[1])")
            #expect(known.contains("★ Starred on GitHub"))

            // Unstarred on github.com since: the next sync asks GitHub, and the mark follows it.
            await web.fake.unstar([names[2]], login: "octocat")
            let again = try await web.post("/favorites/sync", form: ["csrf": token], cookie: cookie)
            #expect(again.status == .seeOther)
            let marks = Dictionary(
                uniqueKeysWithValues: try await web.services.database.favorites(for: .owner).map {
                    ($0.repository.fullName, $0.starredOnGitHub)
                })
            #expect(marks == [names[0]: true, names[1]: true, names[2]: false])
        }
    }

    @Test func withoutATokenStarringSaysWhyAndPostsAreRefused() async throws {
        try await WebHarness.run { web in
            let name = try #require(web.fake.dataset.repositories.first).fullName
            let (_, detail, _) = try await web.page("/repos/\(name)")
            #expect(detail.contains("title=\"Starring on GitHub needs a GitHub token (Settings)\""))
            let (_, favourites, _) = try await web.page("/favorites")
            #expect(!favourites.contains("Sync with GitHub stars"))
            let (cookie, token) = try await web.csrf()
            let refused = try await web.post(
                "/star", form: ["repo": name, "csrf": token], cookie: cookie, headers: [.accept: "application/json"])
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains("needs a GitHub token, and none is set. Check the token in Settings."))
            // Without the page's script: back to the detail, which says why in one sentence.
            let form = try await web.post(
                "/star", form: ["repo": name, "csrf": token, "return": "/repos/\(name)"], cookie: cookie)
            #expect(form.status == .seeOther)
            let back = try await web.get(try #require(form.headers[.location]), headers: [.cookie: cookie])
            #expect(String(buffer: back.body).contains("role=\"alert\">Starring on GitHub needs a GitHub token, and none is set."))
            #expect(await web.fake.requests().allSatisfy { $0.method == "GET" })
        }
    }
}
