import FakeGitHub
import Foundation
import HTTPTypes
import StarscopeTestSupport
import Testing

@testable import StarscopeWeb

/// "Sync with GitHub Lists" on Favourites and Settings: what happened in one line, the Lists as
/// tags, and a token without the `user` scope told plainly, with nothing changed.
@Suite struct ListsSyncPageTests {
    @Test(arguments: [StoreKind.sqlite, .postgres]) func favouritesAndSettingsSyncWithGitHubLists(store: StoreKind) async throws {
        try await WebHarness.run(token: FakeGitHub.octocatToken, store: store) { web in
            let (cookie, token) = try await web.csrf()
            let (_, before, _) = try await web.page("/favorites")
            #expect(before.contains("<button type=\"submit\">Sync with GitHub Lists</button>"))
            let synced = try await web.post("/favorites/sync-lists", form: ["csrf": token], cookie: cookie)
            #expect(synced.status == .seeOther)
            let location = try #require(synced.headers[.location])
            #expect(location.hasPrefix("/favorites?lists="))
            let (_, after, _) = try await web.page(location)
            #expect(after.contains("<p class=\"notice lists-result\" role=\"status\">Synced with GitHub Lists. Here: 6 tagged"))
            #expect(after.contains("#Tools <span class=\"muted\">3</span> <span class=\"tag-description\""))
            // The hostile description of a List is escaped.
            #expect(!after.contains("<script>"))

            // From Settings, pushing: a new tag goes out as a private List; back on Settings.
            let (_, settings, _) = try await web.page("/settings")
            #expect(settings.contains("<h2>GitHub Lists</h2>"))
            let name = try #require(web.fake.dataset.repositories.dropFirst(40).first).fullName
            _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie)
            _ = try await web.post(
                "/favorites/annotate", form: ["repo": name, "tags": "from-web", "note": "", "csrf": token], cookie: cookie)
            let pushed = try await web.post(
                "/favorites/sync-lists", form: ["csrf": token, "push": "1", "return": "/settings"], cookie: cookie)
            let back = try #require(pushed.headers[.location])
            #expect(back.hasPrefix("/settings?lists="))
            let (_, said, _) = try await web.page(back)
            #expect(said.contains("on GitHub: 1 List made, 1 added, 0 removed"))
            let made = try #require(await web.fake.starLists(of: "octocat").first { $0.name == "from-web" })
            #expect(made.isPrivate && made.repositories == [name])

            // Without the user scope: one sentence, as an alert, and nothing changed.
            await web.fake.setScopes(["repo"], of: FakeGitHub.octocatToken)
            _ = try await web.post(
                "/favorites/annotate", form: ["repo": name, "tags": "refused", "note": "", "csrf": token], cookie: cookie)
            let lists = await web.fake.starLists(of: "octocat")
            let refused = try await web.post("/favorites/sync-lists", form: ["csrf": token, "push": "1"], cookie: cookie)
            let (_, alert, _) = try await web.page(try #require(refused.headers[.location]))
            #expect(alert.contains("<p class=\"error-state lists-result\" role=\"alert\">Your GitHub token lacks the `user` scope"))
            #expect(await web.fake.starLists(of: "octocat") == lists)
        }
    }
}
