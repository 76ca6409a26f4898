import Foundation
import Hummingbird
import StarscopeCore

/// `/rising`: stars gained over the last day, week or month, from Starscope's own history.
struct RisingController {
    let services: WebServices

    func addRoutes(to router: Router<WebContext>) {
        router.get("/rising", use: page)
    }

    @Sendable func page(_ request: Request, context: WebContext) async throws -> HTML {
        let since = request.uri.queryParameters.get("since").map { String($0) } ?? "week"
        guard let timeframe = Timeframe(rawValue: since) else {
            throw HTTPError(.badRequest, message: "“since” must be day, week or month.")
        }
        let rising = Rising(database: services.database)
        let result = try await rising.rank(timeframe)
        let favorites = await services.explorer.favoriteIDs(account: context.account)
        let page = context.page(.rising)
        let rows = result.entries.map { entry -> HTML in
            let span = SpanText.short(entry.to.timeIntervalSince(entry.from))
            let gain: HTML =
                " <span class=\"gain\" data-gained=\"\(entry.gained)\">+\(GroupedNumber.format(entry.gained)) <span class=\"span\">in \(span)</span></span>"
            return RepositoryViews.row(
                entry.repository, favorite: favorites.contains(entry.repository.id), listQuery: "", context: page,
                returnTo: "/rising?since=\(since)",
                gain: gain)
        }
        let segments = Timeframe.allCases.map { item -> HTML in
            return
                "<a class=\"segment\" href=\"/rising?since=\(item.rawValue)\"\(item == timeframe ? " aria-current=\"true\"" : "") data-since=\"\(item.rawValue)\">\(item.title)</a>"
        }
        let note: HTML = result.historyNote(now: Date()).map { "<p class=\"notice history-note\" role=\"note\">\($0)</p>" } ?? ""
        let body: HTML =
            rows.isEmpty
            ? "<div class=\"empty-state\"><p>No repository has gained stars in Starscope's history \(timeframe.label) yet.</p><p>Star counts are recorded as you browse; Rising fills in over time.</p></div>"
            : "<ol class=\"repo-list\">\(rows)</ol>"
        let main: HTML = """
            <section class="list-pane single">
            <div class="list-head"><h1>Rising</h1></div>
            <nav class="segmented" aria-label="Timeframe">\(segments)</nav>
            <p class="honest">Stars <strong>gained</strong> \(timeframe.label), from the star counts Starscope recorded — not GitHub's \
            “new &amp; popular”.</p>
            \(note)
            \(body)
            </section>
            """
        return Layout.page(title: "Rising", context: page, main: main)
    }
}
