import Foundation
import HTTPTypes
import StarscopeCore
import StarscopeModels

/// The "New & popular" list, with its filters, beside an optional detail pane.
struct TrendingView {
    var query: TrendingQuery
    var page: Int
    var repositories: [Repository]
    var nextPage: Int?
    var favorites: Set<Int64>
    /// Why the list is empty or missing, when it is.
    var listError: HTML?
    /// The page's status: not OK when the list could not be shown.
    var listStatus: HTTPResponse.Status = .ok
    /// GitHub's search timed out and some results may be missing.
    var incomplete = false
    /// The detail shown beside the list (wide screens) or alone (phones).
    var detail: HTML?
    var context: PageContext

    /// Rows a page shows: few enough that a first visit stays small; GitHub is still asked for 100.
    static let rowsPerPage = 25

    static let languages = [
        "Swift", "Rust", "Go", "Python", "TypeScript", "JavaScript", "C", "C++", "C#", "Java", "Kotlin", "Ruby", "Zig",
        "Jupyter Notebook", "Shell", "HTML", "Objective-C", "PHP", "Dart",
    ]

    /// `since=week&language=Swift&q=text`: the list's state, carried in every link.
    static func listQuery(_ query: TrendingQuery, page: Int? = nil) -> String {
        var parts = ["since=" + query.timeframe.rawValue]
        if let language = query.language { parts.append("language=" + HTML.query(language)) }
        if let text = query.text { parts.append("q=" + HTML.query(text)) }
        if let page, page > 1 { parts.append("page=\(page)") }
        return parts.joined(separator: "&")
    }

    var listURL: String { "/?" + Self.listQuery(query, page: page) }

    func render(title: String, returnTo: String) -> HTML {
        Layout.page(title: title, context: context, main: main(returnTo: returnTo))
    }

    func main(returnTo: String) -> HTML {
        let listQuery = Self.listQuery(query)
        let rows = repositories.map { repository in
            RepositoryViews.row(
                repository, favorite: favorites.contains(repository.id), listQuery: listQuery, context: context, returnTo: returnTo)
        }
        let more: HTML =
            nextPage.map { "<a class=\"load-more button\" rel=\"next\" href=\"/?\(Self.listQuery(query, page: $0))\">Load more</a>" } ?? ""
        let body: HTML =
            listError
            ?? (rows.isEmpty
                ? "<div class=\"empty-state\"><p>No new repositories match.</p><p>Try another timeframe or language, or clear the search.</p></div>"
                : "\(incompleteNotice)<ol class=\"repo-list\" data-page=\"\(page)\">\(rows)</ol>\(more)")
        let placeholder: HTML = "<div class=\"detail-placeholder\"><p>Choose a repository to see its details here.</p></div>"
        return """
            <div class="split\(detail == nil ? "" : " has-detail")">
            <section class="list-pane" aria-labelledby="list-title" data-live-list="\(listURL)">
            <div class="list-head">
            <h1 id="list-title">New &amp; popular</h1>
            <a class="refresh button" href="\(listURL)" aria-label="Refresh the list">↻ Refresh</a>
            </div>
            \(filters())
            <p class="honest">Repositories <strong>created</strong> \(query.timeframe.label), most stars first — not stars gained.</p>
            <div class="pull-indicator" aria-hidden="true">Release to refresh</div>
            \(body)
            </section>
            <section class="detail-pane" aria-label="Repository detail">\(detail ?? placeholder)</section>
            </div>
            """
    }

    var incompleteNotice: HTML {
        incomplete ? "<p class=\"notice\" role=\"status\">GitHub's search ran out of time, so some repositories may be missing.</p>" : ""
    }

    func filters() -> HTML {
        let segments = Timeframe.allCases.map { timeframe -> HTML in
            var copy = query
            copy.timeframe = timeframe
            let current: HTML = timeframe == query.timeframe ? " aria-current=\"true\"" : ""
            return
                "<a class=\"segment\" href=\"/?\(Self.listQuery(copy))\"\(current) data-since=\"\(timeframe.rawValue)\">\(timeframe.title)</a>"
        }
        var languages = Self.languages
        if let language = query.language, !languages.contains(language) { languages.insert(language, at: 0) }
        let options = languages.map { language -> HTML in
            "<option value=\"\(language)\"\(language == query.language ? " selected" : "")>\(language)</option>"
        }
        return """
            <nav class="segmented" aria-label="Timeframe">\(segments)</nav>
            <form class="filters" method="get" action="/" role="search">
            <input type="hidden" name="since" value="\(query.timeframe.rawValue)">
            <span class="field"><label for="language">Language</label>
            <select id="language" name="language"><option value="">Any language</option>\(options)</select></span>
            <span class="field grow"><label for="q">Search</label>
            <input id="q" name="q" type="search" value="\(query.text ?? "")" placeholder="Search new repositories" maxlength="200"></span>
            <button type="submit">Apply</button>
            </form>
            """
    }
}
