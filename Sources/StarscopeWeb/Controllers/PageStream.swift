import HTTPTypes
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// A list or account page that never looks frozen: when GitHub answers within `grace` (a cached
/// answer, a fast network) the page goes out whole, with its real status; otherwise the page's
/// shell goes at once with a placeholder where the rows will be (status 200), and the rows follow
/// in the same answer when GitHub gives them. The placeholder hides itself by CSS once the rows
/// follow it, so this needs no script.
///
/// Only a browser's navigation (`Sec-Fetch-Mode: navigate`) is streamed: scripts, feed readers,
/// crawlers and the page's own `fetch` get the whole page with its real status (a 404 for an
/// unknown account), however long GitHub takes.
///
/// The rows are the part of the document between `start` and `end` (the views put the markers
/// around whatever needs GitHub). On a shared store (a team behind a proxy) the page goes out
/// whole, as `SectionsStream` explains: nothing may reach the browser before the answer is ready.
enum PageStream {
    static let start = Components.rowsStart
    static let end = Components.rowsEnd
    /// How long the answer waits for the rows before it sends the shell instead.
    static let grace: Duration = .milliseconds(50)

    /// `shell` is the page with nothing GitHub gave (its title and controls only); `title` names
    /// the list in the placeholder; `document` renders the whole page from GitHub's answers.
    static func response(
        _ request: Request, context: WebContext, whole: Bool, shell: some Page, title: String,
        document: @escaping @Sendable () async throws -> HTML
    ) async throws -> Response {
        if whole || !isNavigation(request) { return try await document().response(from: request, context: context) }
        let (signal, ready) = AsyncStream<Bool>.makeStream()
        // Unstructured tasks keep the request's task-local values (its `CacheReport`).
        let work = Task {
            defer { ready.yield(true) }
            return try await document()
        }
        let timer = Task {
            try? await Task.sleep(for: grace)
            ready.yield(false)
        }
        var events = signal.makeAsyncIterator()
        let inTime = await events.next() ?? false
        timer.cancel()
        if inTime { return try await work.value.response(from: request, context: context) }

        let markup = context.render(shell).markup
        guard let open = markup.firstUTF8Range(of: start.markup), let close = markup.firstUTF8Range(of: end.markup) else {
            return try await work.value.response(from: request, context: context)
        }
        let head = String(markup[..<open.upperBound]) + Components.loadingRows(title).markup
        let tail = String(markup[close.lowerBound...])
        let report = CacheReport.current
        let retry = request.uri.description
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: head))
                let rows: HTML
                do {
                    rows = Self.rows(of: try await work.value, stale: Banner.text(report?.stale))
                } catch {
                    rows = Components.failure(
                        Failure(message: "Starscope could not load this list just now; the page is otherwise fine.", retry: retry))
                }
                try await writer.write(ByteBuffer(string: rows.markup))
                try await writer.write(ByteBuffer(string: tail))
                try await writer.finish(nil)
            })
    }

    /// A browser loading the page for a person to see (not a script's `fetch`, not a crawler).
    static func isNavigation(_ request: Request) -> Bool {
        guard let name = HTTPField.Name("Sec-Fetch-Mode") else { return false }
        return request.headers[name]?.lowercased() == "navigate"
    }

    /// The part of `document` between the markers, after a notice of answers GitHub could not
    /// refresh (the banner above went out before they were known).
    static func rows(of document: HTML, stale: String?) -> HTML {
        let markup = document.markup
        guard let open = markup.firstUTF8Range(of: start.markup), let close = markup.firstUTF8Range(of: end.markup, from: open.upperBound)
        else {
            return Components.failure(Failure(message: "Starscope could not show this list.", retry: "."))
        }
        return "\(Components.notice(stale))\(HTML(raw: String(markup[open.upperBound..<close.lowerBound])))"
    }
}
