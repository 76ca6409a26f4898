import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// `/favorites`: the list (searchable, filterable, sortable), toggling, export and import — all from the store.
struct FavoritesController {
    let favorites: ForViewer<Favorites>
    /// The list, as the pane beside a detail shows it too.
    let pane: FavoritesPane
    /// What imports and syncs did, for the page each form's redirect leads to.
    let importOutcomes: FormOutcomes<FavoritesPage.ImportOutcome>
    let syncOutcomes: FormOutcomes<FavoritesPage.SyncResult>
    let listsOutcomes: FormOutcomes<ListsSyncOutcome>

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.favorites), use: page)
        router.get(RouterPath(SiteURL.Pattern.favoritesExport), use: export)
        router.post(RouterPath(SiteURL.Pattern.favoritesToggle), use: toggle)
        router.post(RouterPath(SiteURL.Pattern.favoritesImport), use: importFavorites)
        router.post(RouterPath(SiteURL.Pattern.favoritesAnnotate), use: annotate)
        router.post(RouterPath(SiteURL.Pattern.favoritesDescribe), use: describe)
        router.post(RouterPath(SiteURL.Pattern.favoritesLists), use: putInLists)
    }

    @Sendable func page(_ request: Request, context: WebContext) async throws -> HTML {
        let values = QueryValues(request)
        let list = try FavoritesList(values)
        var model = try await pane.model(list, context: context)
        // A removal made without the page's script, offered for undoing.
        if let removed = values["removed"], removed.utf8.count <= 300 { model.removed = removed }
        // What the import or sync form just did (its POST redirected here).
        if let outcome = await importOutcomes.value(values["imported"], for: context.viewer) {
            model.importResult = outcome.result
            model.importError = outcome.error
        }
        model.syncResult = await syncOutcomes.value(values["synced"], for: context.viewer)
        model.listsResult = await listsOutcomes.value(values["lists"], for: context.viewer)
        return context.render(SplitPage(origin: .favorites(list), list: model))
    }

    @Sendable func export(_ request: Request, context: WebContext) async throws -> Response {
        let data = try await self.favorites(for: context).export()
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"starscope-favorites.json\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Adds or removes a favourite (with `undo`, brings a removed one back as it was); answers JSON
    /// to scripts (`Accept: application/json`), else redirects back (to Favourites with the way to
    /// undo a removal). `favorite=1` or `0` asks for that state rather than the other one, so a
    /// change sent again (queued offline, replayed after an answer was lost) is applied once.
    @Sendable func toggle(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let raw = form["repo"] ?? ""
        let wanted: Bool? = form["favorite"].flatMap { $0 == "1" ? true : $0 == "0" ? false : nil }
        let favorites = await self.favorites(for: context)
        let isFavorite: Bool
        let isThere = await favorites.favorite(storedName: raw) != nil
        var restored = false
        if form["undo"] != nil, raw.utf8.count <= 300, !isThere { restored = try await favorites.restore(storedName: raw) }
        if form["undo"] != nil {
            // Undo of a removal: it comes back as it was (note, tags, added date); pressed twice, it
            // stays. With nothing to undo (never removed, or too long ago), nothing changes.
            isFavorite = isThere || restored
        } else if let name = try? RepositoryName(parsing: raw) {
            let present = await favorites.favorite(storedName: name.description)
            if isThere || present != nil {
                if wanted == true {
                    isFavorite = true
                } else {
                    try await favorites.remove(name)
                    isFavorite = false
                }
            } else if wanted == false {
                isFavorite = false
            } else {
                do {
                    _ = try await favorites.add(name, snapshotFreshFor: 600)
                } catch {
                    throw HTTPError(error.isNotFound ? .notFound : .serviceUnavailable, message: error.message)
                }
                isFavorite = true
            }
        } else {
            // A favourite stored under a name GitHub would not accept (imported before names were
            // checked) can still be removed; it is never looked up on GitHub.
            guard raw.utf8.count <= 300, (try? await favorites.remove(storedName: raw)) != nil else {
                throw HTTPError(.badRequest, message: "That is not a repository name.")
            }
            isFavorite = false
        }
        if request.headers[.accept]?.contains("application/json") == true {
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            let body = "{\"repo\":\(FormAnswer.jsonString(raw)),\"favorite\":\(isFavorite)}"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        var back = LocalPath.safe(form["return"]) ?? SiteURL.favorites(FavoritesList()).href
        if !isFavorite, form["undo"] == nil, back == SiteURL.Pattern.favorites || back.hasPrefix(SiteURL.Pattern.favorites + "?") {
            var builder = QueryBuilder()
            builder.add("removed", raw)
            back += (back.contains("?") ? "&" : "?") + builder.parts.joined(separator: "&")
        }
        return .redirect(to: back, type: .normal)
    }

    /// Imports a file, then redirects (303) to Favourites, which shows the outcome: what was added,
    /// and each entry skipped and why. Reloading that page does not import again.
    @Sendable func importFavorites(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request, limit: 8 * 1024 * 1024)
        try CSRFMiddleware.verify(form, context: context)
        var outcome = FavoritesPage.ImportOutcome()
        if let data = form.file ?? form["data"].map({ Data($0.utf8) }) {
            do {
                let report = try await self.favorites(for: context).importFavorites(data)
                outcome.result = .init(
                    added: report.added.count, alreadyFavorites: report.alreadyFavorites.count,
                    skipped: report.rejected.map { .init(entry: $0.0, reason: $0.1) })
            } catch {
                outcome.error = error.message
            }
        } else {
            outcome.error = "Choose a JSON file to import."
        }
        let id = await importOutcomes.keep(outcome, for: context.viewer)
        return .redirect(to: FormAnswer.favorites(showing: "imported", id), type: .normal)
    }

    /// Replaces a favourite's tags (typed as `a, b`) and note, then returns to the page it came from.
    @Sendable func annotate(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let name = form["repo"] ?? ""
        let favorites = await self.favorites(for: context)
        guard let current = await favorites.favorite(storedName: name) else {
            throw HTTPError(.notFound, message: "\(name) is not one of your favourites.")
        }
        let wanted = (form["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let lower = Set(wanted.map { $0.lowercased() })
        do {
            let gone = current.tags.filter { !lower.contains($0.lowercased()) }
            if !gone.isEmpty { try await favorites.tag(name, gone, remove: true) }
            if !wanted.isEmpty { try await favorites.tag(name, wanted) }
            try await favorites.note(name, form["note"] ?? "")
        } catch {
            throw HTTPError(FormAnswer.status(error), message: error.message)
        }
        return .redirect(to: LocalPath.safe(form["return"]) ?? SiteURL.favorites(FavoritesList()).href, type: .normal)
    }

    /// Says what a tag is for (an empty text takes it away), then returns to the page it came from.
    @Sendable func describe(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        do {
            try await self.favorites(for: context).describe(form["tag"] ?? "", form["description"] ?? "")
        } catch {
            throw HTTPError(.badRequest, message: error.message)
        }
        return .redirect(to: LocalPath.safe(form["return"]) ?? SiteURL.favorites(FavoritesList()).href, type: .normal)
    }

    /// Puts a repository in exactly the ticked tags (Lists) and any new one typed, making it a
    /// favourite first when it is not one, as GitHub's star button does with Lists.
    @Sendable func putInLists(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        guard let name = try? RepositoryName(parsing: form["repo"] ?? "") else {
            throw HTTPError(.badRequest, message: "Choose a repository as OWNER/NAME.")
        }
        let favorites = await self.favorites(for: context)
        let ticked = form.fields.filter { $0.key.hasPrefix("list.") }.map(\.value)
        let typed = (form["new"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let wanted = ticked + typed
        do {
            if await favorites.favorite(storedName: name.description) == nil { _ = try await favorites.add(name, snapshotFreshFor: 600) }
            let current = await favorites.favorite(storedName: name.description)?.tags ?? []
            let lower = Set(wanted.map { $0.lowercased() })
            let gone = current.filter { !lower.contains($0.lowercased()) }
            if !gone.isEmpty { try await favorites.tag(name.description, gone, remove: true) }
            if !wanted.isEmpty { try await favorites.tag(name.description, wanted) }
        } catch {
            throw HTTPError(FormAnswer.status(error), message: error.message)
        }
        return .redirect(
            to: LocalPath.safe(form["return"]) ?? SiteURL.repository(name, from: .trending(TrendingList())).href, type: .normal)
    }
}
