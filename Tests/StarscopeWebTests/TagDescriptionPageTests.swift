import FakeGitHub
import Foundation
import HTTPTypes
import Testing

@testable import StarscopeWeb

/// Tags that explain themselves on Favourites: each with its description and count, and the
/// description on top when the list is filtered by the tag, where it can be said.
@Suite struct TagDescriptionPageTests {
    @Test func favouritesShowWhatEachTagIsForAndTakeADescription() async throws {
        try await WebHarness.run { web in
            let picks = web.fake.dataset.repositories.prefix(2).map(\.fullName)
            let (cookie, token) = try await web.csrf()
            for name in picks {
                _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie)
                _ = try await web.post(
                    "/favorites/annotate", form: ["repo": name, "tags": "cli", "note": "", "csrf": token], cookie: cookie)
            }
            let filtered = "/favorites?tag=cli"
            let (_, before, _) = try await web.page(filtered)
            #expect(before.contains("#cli has no description yet."))
            #expect(before.contains("<form method=\"post\" action=\"/favorites/describe\">"))

            let said = try await web.post(
                "/favorites/describe",
                form: ["tag": "CLI", "description": "Tools <script>x()</script> for the terminal", "return": filtered, "csrf": token],
                cookie: cookie)
            #expect(said.status == .seeOther)
            #expect(said.headers[.location] == filtered)
            let (_, all, _) = try await web.page("/favorites")
            #expect(all.contains("#cli <span class=\"muted\">2</span> <span class=\"tag-description\""))
            #expect(all.contains(">Tools &lt;script&gt;x()&lt;/script&gt; for the terminal</span>"))
            #expect(!all.contains("<script>x()"))
            let (_, after, _) = try await web.page(filtered)
            #expect(after.contains("<p><strong>#cli</strong> — Tools &lt;script&gt;x()&lt;/script&gt; for the terminal</p>"))

            // Without the CSRF token nothing changes; a description of two lines is refused.
            let forged = try await web.post("/favorites/describe", form: ["tag": "cli", "description": "forged"], cookie: cookie)
            #expect(forged.status == .forbidden)
            let bad = try await web.post(
                "/favorites/describe", form: ["tag": "cli", "description": "one\ntwo", "csrf": token], cookie: cookie)
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains("one line"))
            let tags = try await web.services.database.favoriteTags(for: .owner)
            #expect(tags.map(\.description) == ["Tools <script>x()</script> for the terminal"])
        }
    }
}
