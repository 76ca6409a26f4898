import FakeGitHub
import Foundation
import HTTPTypes
import Testing

@testable import StarscopeWeb

/// The heart's Lists: the detail offers every tag (GitHub List) to put the repository in, as
/// GitHub's star button offers Lists; saving makes it a favourite carrying exactly those ticked.
@Suite struct ListsMenuTests {
    @Test func theDetailPutsARepositoryInTheTickedLists() async throws {
        try await WebHarness.run { web in
            let picks = web.fake.dataset.repositories.prefix(2).map(\.fullName)
            let (cookie, token) = try await web.csrf()
            _ = try await web.post("/favorites/toggle", form: ["repo": picks[0], "csrf": token], cookie: cookie)
            _ = try await web.post(
                "/favorites/annotate", form: ["repo": picks[0], "tags": "tools, <i>later</i>", "note": "", "csrf": token], cookie: cookie)

            // Not a favourite yet: every List is offered, none ticked.
            let detail = "/repos/\(picks[1])"
            let (_, page, _) = try await web.page(detail)
            #expect(page.contains("<form method=\"post\" action=\"/favorites/lists\">"))
            #expect(page.contains("value=\"&lt;i&gt;later&lt;/i&gt;\"> #&lt;i&gt;later&lt;/i&gt;</label>"))
            #expect(page.contains("value=\"tools\"> #tools</label>"))
            #expect(page.contains("(it becomes a favourite)"))
            // The tags and note are there, hidden until the heart makes it a favourite (in place).
            #expect(page.contains("<details class=\"annotate\" hidden><summary>Your tags and note</summary>"))

            let saved = try await web.post(
                "/favorites/lists", form: ["repo": picks[1], "list.1": "tools", "new": "reading", "return": detail, "csrf": token],
                cookie: cookie)
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == detail)
            let favorite = try #require(try await web.services.database.favorite(fullName: picks[1], for: .owner))
            #expect(favorite.tags == ["reading", "tools"])
            let (_, after, _) = try await web.page(detail)
            #expect(after.contains("value=\"tools\" checked> #tools</label>"))
            #expect(after.contains("<summary>Lists (2)</summary>"))
            #expect(after.contains("<details class=\"annotate\" open><summary>Your tags and note</summary>"))

            // Unticked, it leaves the List and stays a favourite.
            _ = try await web.post("/favorites/lists", form: ["repo": picks[1], "list.2": "tools", "csrf": token], cookie: cookie)
            #expect(try await web.services.database.favorite(fullName: picks[1], for: .owner)?.tags == ["tools"])
            // Without the CSRF token nothing changes.
            let forged = try await web.post("/favorites/lists", form: ["repo": picks[1], "new": "forged"], cookie: cookie)
            #expect(forged.status == .forbidden)
            #expect(try await web.services.database.favorite(fullName: picks[1], for: .owner)?.tags == ["tools"])
        }
    }

    /// GitHub cannot give a repository that is not a favourite yet: the form answers 503 with
    /// one sentence (try again later), not 400 (as if the form were wrong), and keeps nothing.
    @Test func gitHubDownIsUnavailableNotABadForm() async throws {
        try await WebHarness.run { web in
            let pick = try #require(web.fake.dataset.repositories.first).fullName
            let (cookie, token) = try await web.csrf()
            await web.fake.inject(.serverError, path: "")
            let answer = try await web.post("/favorites/lists", form: ["repo": pick, "new": "later", "csrf": token], cookie: cookie)
            #expect(answer.status == .serviceUnavailable)
            #expect(String(buffer: answer.body).contains("GitHub is having trouble"))
            #expect(try await web.services.database.favorite(fullName: pick, for: .owner) == nil)
        }
    }
}
