import FakeGitHub
import Foundation
import HTTPTypes
import Testing

@testable import StarscopeWeb

/// Undo on Favourites brings a removed favourite back as it was — tags, note and added date —
/// through the page's form (no script) and through the page's script (JSON), and reloading
/// after an import or sync sends nothing again.
@Suite struct UndoRemovalPageTests {
    /// Three favourites, the oldest tagged and noted; its name, and the session to post with.
    func madeByHand(_ web: WebHarness) async throws -> (name: String, cookie: String, token: String) {
        let picks = web.fake.dataset.repositories.prefix(3).map(\.fullName)
        let (cookie, token) = try await web.csrf()
        for name in picks {
            #expect(try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie).status == .seeOther)
        }
        let saved = try await web.post(
            "/favorites/annotate", form: ["repo": picks[0], "tags": "cli, later", "note": "Try on the build box", "csrf": token],
            cookie: cookie)
        #expect(saved.status == .seeOther)
        return (picks[0], cookie, token)
    }

    func expectIntact(_ web: WebHarness, _ name: String, as before: (addedAt: Date, order: [String])) async throws {
        let favorite = try #require(try await web.services.database.favorite(fullName: name, for: .owner))
        #expect(favorite.tags == ["cli", "later"])
        #expect(favorite.note == "Try on the build box")
        #expect(favorite.addedAt == before.addedAt)
        #expect(try await web.services.database.favorites(for: .owner).map(\.repository.fullName) == before.order)
        let (_, page, _) = try await web.page("/favorites")
        #expect(page.contains("<p class=\"user-note\"><bdi>Try on the build box</bdi></p>"))
        #expect(page.contains("href=\"/favorites?tag=later\""))
    }

    @Test func undoWithoutTheScriptRestoresTagsNoteAndPlace() async throws {
        try await WebHarness.run { web in
            let (name, cookie, token) = try await madeByHand(web)
            let before = try #require(try await web.services.database.favorite(fullName: name, for: .owner)).addedAt
            let order = try await web.services.database.favorites(for: .owner).map(\.repository.fullName)
            let removed = try await web.post(
                "/favorites/toggle", form: ["repo": name, "csrf": token, "return": "/favorites"], cookie: cookie)
            #expect(removed.status == .seeOther)
            let back = try #require(removed.headers[.location])
            #expect(back.hasPrefix("/favorites?removed="))
            let (_, offer, _) = try await web.page(back)
            #expect(offer.contains("Removed \(name) from favourites."))
            #expect(offer.contains("<input type=\"hidden\" name=\"undo\" value=\"1\">"))
            #expect(try await web.services.database.favorite(fullName: name, for: .owner) == nil)
            let undone = try await web.post(
                "/favorites/toggle", form: ["repo": name, "undo": "1", "csrf": token, "return": "/favorites"], cookie: cookie)
            #expect(undone.status == .seeOther)
            try await expectIntact(web, name, as: (before, order))
            // Pressed again (a reload, a second tab), Undo leaves it a favourite.
            _ = try await web.post("/favorites/toggle", form: ["repo": name, "undo": "1", "csrf": token], cookie: cookie)
            try await expectIntact(web, name, as: (before, order))
        }
    }

    @Test func undoFromTheScriptRestoresTagsNoteAndPlace() async throws {
        try await WebHarness.run { web in
            let (name, cookie, token) = try await madeByHand(web)
            let before = try #require(try await web.services.database.favorite(fullName: name, for: .owner)).addedAt
            let order = try await web.services.database.favorites(for: .owner).map(\.repository.fullName)
            let json: HTTPFields = [.accept: "application/json"]
            let removed = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": token], cookie: cookie, headers: json)
            #expect(String(buffer: removed.body) == "{\"repo\":\"\(name)\",\"favorite\":false}")
            let undone = try await web.post(
                "/favorites/toggle", form: ["repo": name, "undo": "1", "csrf": token], cookie: cookie, headers: json)
            #expect(String(buffer: undone.body) == "{\"repo\":\"\(name)\",\"favorite\":true}")
            try await expectIntact(web, name, as: (before, order))
        }
    }

    /// Undo with nothing to undo (a repository never removed, or never a favourite) does nothing:
    /// it neither adds the repository nor offers another Undo.
    @Test func undoWithNothingToUndoChangesNothing() async throws {
        try await WebHarness.run { web in
            let (_, cookie, token) = try await madeByHand(web)
            let stranger = try #require(web.fake.dataset.repositories.dropFirst(3).first).fullName
            let order = try await web.services.database.favorites(for: .owner).map(\.repository.fullName)
            let json: HTTPFields = [.accept: "application/json"]
            let undone = try await web.post(
                "/favorites/toggle", form: ["repo": stranger, "undo": "1", "csrf": token], cookie: cookie, headers: json)
            #expect(String(buffer: undone.body) == "{\"repo\":\"\(stranger)\",\"favorite\":false}")
            let byForm = try await web.post(
                "/favorites/toggle", form: ["repo": stranger, "undo": "1", "csrf": token, "return": "/favorites"], cookie: cookie)
            #expect(byForm.headers[.location] == "/favorites")
            #expect(try await web.services.database.favorite(fullName: stranger, for: .owner) == nil)
            #expect(try await web.services.database.favorites(for: .owner).map(\.repository.fullName) == order)
        }
    }

    @Test func anImportRedirectsSoAReloadImportsNothingAgain() async throws {
        try await WebHarness.run { web in
            let (name, cookie, token) = try await madeByHand(web)
            let before = try #require(try await web.services.database.favorite(fullName: name, for: .owner)).addedAt
            let order = try await web.services.database.favorites(for: .owner).map(\.repository.fullName)
            // Its own export, with the entries' notes, tags and dates changed: what is there stays.
            let exported = try await web.get("/favorites/export", headers: [.cookie: cookie])
            var archive = try #require(try JSONSerialization.jsonObject(with: Data(buffer: exported.body)) as? [String: Any])
            let entries = try #require(archive["favorites"] as? [[String: Any]])
            archive["favorites"] = entries.map { entry in
                entry.merging(["note": "other", "tags": ["x"], "added_at": "2020-01-01T00:00:00Z"]) { _, new in new }
            }
            let file = String(decoding: try JSONSerialization.data(withJSONObject: archive), as: UTF8.self)
            let imported = try await web.post("/favorites/import", form: ["data": file, "csrf": token], cookie: cookie)
            #expect(imported.status == .seeOther)
            let location = try #require(imported.headers[.location])
            #expect(location.hasPrefix("/favorites?imported="))
            // The outcome is the posting browser's alone, and shows on every reload of that page.
            for _ in 0..<2 {
                let shown = String(buffer: try await web.get(location, headers: [.cookie: cookie]).body)
                #expect(shown.contains("import-result"), "\(shown.prefix(200))")
            }
            try await expectIntact(web, name, as: (before, order))
        }
    }
}
