import FakeGitHub
import Foundation
import HTTPTypes
import Testing

@testable import StarscopeWeb

/// Tags and notes on favourites in the web app: saved from the detail, shown on Favourites,
/// and filtering it by tag.
@Suite struct FavoriteNotesPageTests {
    @Test func tagsAndANoteSavedFromTheDetailFilterFavourites() async throws {
        try await WebHarness.run { web in
            let picks = web.fake.dataset.repositories.prefix(2).map(\.fullName)
            let (cookie, token) = try await web.csrf()
            for name in picks { _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie) }
            let saved = try await web.post(
                "/favorites/annotate",
                form: [
                    "repo": picks[0], "tags": "cli, <b>bold</b> , cli", "note": "Use on the build box", "return": "/repos/\(picks[0])",
                    "csrf": token,
                ],
                cookie: cookie)
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/repos/\(picks[0])")
            let (_, detail, _) = try await web.page("/repos/\(picks[0])")
            #expect(detail.contains("value=\"&lt;b&gt;bold&lt;/b&gt;, cli\"") || detail.contains("value=\"cli, &lt;b&gt;bold&lt;/b&gt;\""))
            #expect(detail.contains(">Use on the build box</textarea>"))
            let (_, all, _) = try await web.page("/favorites")
            #expect(all.contains("href=\"/favorites?tag=cli\""))
            #expect(all.contains("<p class=\"user-note\"><bdi>Use on the build box</bdi></p>"))
            let (_, filtered, _) = try await web.page("/favorites?tag=CLI")
            let rows = filtered.components(separatedBy: "class=\"repo-row is-favorite\" data-repo=\"").dropFirst().map {
                $0.prefix { $0 != "\"" }
            }
            #expect(rows == [Substring(picks[0])])
            #expect(filtered.contains("aria-current=\"true\">#cli"))
            // Clearing the tags and the note.
            _ = try await web.post("/favorites/annotate", form: ["repo": picks[0], "tags": "", "note": "", "csrf": token], cookie: cookie)
            let favorite = try #require(try await web.services.database.favorite(fullName: picks[0], for: .owner))
            #expect(favorite.tags.isEmpty && favorite.note.isEmpty)
            // A tag with a comma cannot be typed; one too long is refused with a sentence.
            let bad = try await web.post(
                "/favorites/annotate", form: ["repo": picks[1], "tags": String(repeating: "x", count: 41), "csrf": token], cookie: cookie)
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains("cannot be a tag"))
        }
    }
}
