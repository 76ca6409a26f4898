import Foundation
import StarscopeCore

/// Pieces several views share: segmented controls, "Load more", and the empty, error and notice blocks.
enum Components {
    struct Segment {
        var title: String
        var href: String
        var current: Bool
        /// `data-since` and the like, for scripts and tests.
        var data: (name: String, value: String)?
    }

    static func segmented(_ label: String, _ segments: [Segment]) -> HTML {
        let links = segments.map { segment -> HTML in
            let current: HTML = segment.current ? " aria-current=\"true\"" : ""
            let data: HTML = segment.data.map { " data-\($0.name)=\"\($0.value)\"" } ?? ""
            return "<a class=\"segment\" href=\"\(segment.href)\"\(current)\(data)>\(segment.title)</a>"
        }
        return "<nav class=\"segmented\" aria-label=\"\(label)\">\(links)</nav>"
    }

    /// The timeframe control of New & popular and Rising.
    static func timeframes(_ current: Timeframe, href: (Timeframe) -> String) -> HTML {
        segmented(
            "Timeframe",
            Timeframe.allCases.map {
                Segment(title: $0.title, href: href($0), current: $0 == current, data: ("since", $0.rawValue))
            })
    }

    /// Which page a list shows when it is not the first (Back from a detail opened on page 3
    /// lands there), with the way to its start.
    static func pageMark(_ page: Int, first: String) -> HTML {
        guard page > 1 else { return "" }
        return "<p class=\"page-mark\" data-page-mark=\"\(page)\">Page \(page) · <a href=\"\(first)\">Show from the first page</a></p>"
    }

    /// The link to the next page: followed by the script as the end nears, clicked without it.
    static func loadMore(_ href: String?) -> HTML {
        href.map { "<a class=\"load-more button\" rel=\"next\" href=\"\($0)\">Load more</a>" } ?? ""
    }

    /// An error where content should be, with a way to try again.
    static func failure(_ failure: Failure) -> HTML {
        """
        <div class="error-state" role="alert">
        <p>\(failure.message)</p>
        <p><a class="button" href="\(failure.retry)">Try again</a></p>
        </div>
        """
    }

    static func empty(_ lines: String...) -> HTML {
        "<div class=\"empty-state\">\(lines.map { line -> HTML in "<p>\(line)</p>" })</div>"
    }

    static func notice(_ text: String?, role: String = "status") -> HTML {
        text.map { "<p class=\"notice\" role=\"\(role)\">\($0)</p>" } ?? ""
    }

    /// A list pane's heading, with the number of items when it is known, and the list's Atom feed
    /// when it has one.
    static func listHead(_ title: String, id: String = "list-title", count: Int? = nil, feed: Layout.Feed? = nil) -> HTML {
        let countBadge: HTML = count.map { " <span class=\"count\" data-count>\($0)</span>" } ?? ""
        let feedLink: HTML =
            feed.map {
                "<a class=\"feed-link\" href=\"\(SiteURL.subscribe(feed: $0.href).href)\" title=\"\($0.title): how to follow it in a feed reader\">Feed</a>"
            } ?? ""
        return "<div class=\"list-head\"><h1 id=\"\(id)\">\(title)\(countBadge)</h1>\(feedLink)</div>"
    }

    /// The compact bar that stays at the top while a list scrolls: its controls and a refresh button.
    static func listBar(refresh: String, _ controls: HTML...) -> HTML {
        """
        <div class="list-bar">
        <div class="bar-row">\(controls.first ?? "")<a class="refresh button" href="\(refresh)" aria-label="Refresh the list">↻</a></div>
        \(Array(controls.dropFirst()))
        </div>
        """
    }

    /// A list's bar folded into one line on phones: a summary of the choices in force ("This week ·
    /// Any language · Stars") that opens the controls with a tap, without script (`<details>`). On
    /// wide screens the summary hides and the controls show as they are (see app.css).
    /// `sticky`: the bar stays at the top while the list scrolls (hiding while it scrolls down on phones).
    static func foldedBar(refresh: String?, summary: String, sticky: Bool = true, _ controls: HTML...) -> HTML {
        let button: HTML = refresh.map { "<a class=\"refresh button\" href=\"\($0)\" aria-label=\"Refresh the list\">↻</a>" } ?? ""
        return """
            <div class="\(sticky ? "list-bar folded" : "folded")">
            <div class="bar-row\(refresh == nil ? "" : " has-refresh")"><details class="filter-fold"><summary><span class="visually-hidden">Filters: </span>\
            <span class="fold-summary">\(summary)</span></summary>
            <div class="fold-body">\(controls)</div></details>\(button)</div>
            </div>
            """
    }

    /// Where the part of a page that needs GitHub begins and ends (see `PageStream`).
    static let rowsStart: HTML = "<!--rows-->"
    static let rowsEnd: HTML = "<!--/rows-->"

    /// What a streamed page shows until its rows follow: a busy status and grey rows. The CSS
    /// hides it as soon as anything follows it (`:has(~ *)`), so it goes without script.
    static func loadingRows(_ title: String) -> HTML {
        let rows = Array(repeating: HTML("<li><span></span><span></span></li>"), count: 6)
        return """
            <div class="loading-rows" role="status" aria-busy="true">
            <p class="loading-title">Loading \(title)…</p>
            <ol class="skeleton" aria-hidden="true">\(rows)</ol>
            </div>
            """
    }

    /// The pull-to-refresh indicator the script moves (touch screens).
    static let pullIndicator: HTML =
        "<div class=\"pull-indicator\" aria-hidden=\"true\"><span class=\"spinner\"></span><span class=\"pull-text\">Pull to refresh</span></div>"
}
