import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// `/favorites`: the list (searchable), toggling, removing, export and import — all from the store.
struct FavoritesController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get("/favorites", use: list)
        router.get("/favorites/export", use: export)
        router.post("/favorites/toggle", use: toggle)
        router.post("/favorites/import", use: importFavorites)
    }

    @Sendable func list(_ request: Request, context: WebContext) async throws -> HTML {
        let filter = request.uri.queryParameters.get("q").map { String($0) }?.trimmingCharacters(in: .whitespaces) ?? ""
        // Bounded work: at most 200 characters in at most 8 words, whatever the number of favourites.
        // Browsers send a form's spaces as "+", which the query parser leaves as it is.
        let words = filter.lowercased().split(omittingEmptySubsequences: true) { $0 == " " || $0 == "+" }
        guard filter.count <= 200, words.count <= 8 else {
            throw HTTPError(.badRequest, message: "Search favourites with at most 8 words and 200 characters.")
        }
        let notice = request.uri.queryParameters.get("imported").flatMap { Int($0) }.map { "Imported \($0) favourites." }
        let page = context.page(.favorites)
        let all = try await services.favorites(for: context).list(refresh: false)
        let shown = words.isEmpty ? all : all.filter { Self.matches($0.repository, words) }
        let rows = shown.map { favorite in
            RepositoryViews.row(favorite.repository, favorite: true, listQuery: "", context: page, returnTo: "/favorites")
        }
        let body: HTML =
            all.isEmpty
            ? "<div class=\"empty-state\"><p>No favourites yet.</p><p>Tap ☆ on any repository to keep it here, ready offline.</p></div>"
            : (rows.isEmpty
                ? "<div class=\"empty-state\"><p>No favourite matches “\(filter)”.</p></div>" : "<ol class=\"repo-list\">\(rows)</ol>")
        let main: HTML = """
            <section class="list-pane single" data-offline-keep data-live-list="/favorites">
            <div class="list-head"><h1>Favourites</h1><span class="count">\(all.count)</span></div>
            \(notice.map { text -> HTML in "<p class=\"notice\" role=\"status\">\(text)</p>" } ?? "")
            <form class="filters" method="get" action="/favorites" role="search">
            <label for="fq">Search favourites</label>
            <input id="fq" name="q" type="search" value="\(filter)" placeholder="Name, description or topic">
            <button type="submit">Search</button>
            </form>
            \(body)
            <details class="archive">
            <summary>Export and import</summary>
            <p><a class="button" href="/favorites/export" download="starscope-favorites.json">Export as JSON</a></p>
            <form method="post" action="/favorites/import" enctype="multipart/form-data">
            <input type="hidden" name="csrf" value="\(page.csrf)">
            <label for="import-file">Import a JSON export</label>
            <input id="import-file" name="file" type="file" accept="application/json,.json" required>
            <button type="submit">Import</button>
            </form>
            </details>
            </section>
            """
        return Layout.page(title: "Favourites", context: page, main: main)
    }

    /// Every word (lowercased) appears in the name, description, language or topics.
    static func matches(_ repository: Repository, _ words: [Substring]) -> Bool {
        let text = ([repository.fullName, repository.description ?? "", repository.language ?? ""] + repository.topics).joined(
            separator: " "
        ).lowercased()
        return words.allSatisfy { text.contains($0) }
    }

    @Sendable func export(_ request: Request, context: WebContext) async throws -> Response {
        let data = try await services.favorites(for: context).export()
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"starscope-favorites.json\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Adds or removes a favourite; answers JSON to scripts (`Accept: application/json`), else redirects back.
    @Sendable func toggle(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request)
        try CSRFMiddleware.verify(form, context: context)
        let raw = form["repo"] ?? ""
        let favorites = await services.favorites(for: context)
        let isFavorite: Bool
        if let name = try? RepositoryName(parsing: raw) {
            if (try? await services.database.favorite(fullName: name.description, account: context.account)) != nil {
                try await favorites.remove(name)
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
            let body = "{\"repo\":\(jsonString(raw)),\"favorite\":\(isFavorite)}"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
        }
        return .redirect(to: LocalPath.safe(form["return"]) ?? "/favorites", type: .found)
    }

    @Sendable func importFavorites(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await FormData.read(request, limit: 8 * 1024 * 1024)
        try CSRFMiddleware.verify(form, context: context)
        guard let data = form.file ?? form["data"].map({ Data($0.utf8) }) else {
            throw HTTPError(.badRequest, message: "Choose a JSON file to import.")
        }
        do {
            let report = try await services.favorites(for: context).importFavorites(data)
            return .redirect(to: "/favorites?imported=\(report.added.count)", type: .found)
        } catch {
            throw HTTPError(.badRequest, message: error.message)
        }
    }

    func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}

/// A redirect target that stays on this site: a path starting with one `/`, of printable ASCII
/// with no spaces or backslashes (browsers drop tabs and newlines, so `/<TAB>/evil.com` would
/// become `//evil.com`).
enum LocalPath {
    static func safe(_ path: String?) -> String? {
        guard let path, path.utf8.count <= 2_048, path.hasPrefix("/"), !path.hasPrefix("//"),
            path.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") })
        else { return nil }
        return path
    }
}

extension StarscopeError {
    var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}
