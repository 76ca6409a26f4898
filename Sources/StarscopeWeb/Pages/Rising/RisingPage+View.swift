import StarscopeCore

extension RisingPage: ListPane {
    var title: String { "Rising" }
    var liveList: String? { nil }
    var feed: Layout.Feed? { Layout.Feed(title: list.feedTitle, href: SiteURL.risingFeed(list).href) }

    func pane(_ context: PageContext) -> HTML {
        let timeframe = list.timeframe
        let body: HTML =
            rows.isEmpty
            ? Components.empty(
                "No repository has gained stars in Starscope's history \(timeframe.label) yet.",
                "Star counts are recorded as you browse; Rising fills in over time.")
            : "<ol class=\"repo-list\">\(rows.map { $0.view(context) })</ol>"
        return """
            \(Components.listHead(title, feed: feed))
            \(Components.listBar(
                refresh: SiteURL.rising(list).href, Components.timeframes(timeframe) { SiteURL.rising(RisingList(timeframe: $0)).href }))
            <p class="honest">Stars <strong>gained</strong> \(timeframe.label), from the star counts Starscope recorded — not GitHub's \
            “new &amp; popular”.</p>
            \(historyNote.map { note -> HTML in "<p class=\"notice history-note\" role=\"note\">\(note)</p>" } ?? "")
            \(body)
            """
    }
}
