import StarscopeCore

extension RisingPage: ListPane {
    var title: String { "Rising" }
    var liveList: String? { nil }
    var feed: Layout.Feed? { Layout.Feed(title: list.feedTitle, href: SiteURL.risingFeed(list).href) }

    /// Gained over a timeframe, or breaking out.
    var views: HTML {
        Components.segmented(
            "What rises",
            [
                .init(
                    title: "Stars gained", href: SiteURL.rising(RisingList(timeframe: list.timeframe)).href, current: !list.breakingOut,
                    data: ("view", "gained")),
                .init(
                    title: "Breaking out", href: SiteURL.rising(RisingList(timeframe: list.timeframe, breakingOut: true)).href,
                    current: list.breakingOut, data: ("view", "breaking-out")),
            ])
    }

    func breakingOutPane(_ context: PageContext) -> HTML {
        let body: HTML =
            groups.isEmpty
            ? Components.empty(
                candidates == 0
                    ? "Starscope has not looked at any repository's newest weeks yet this week."
                    : "Nothing is breaking out among the \(CountNoun.text(candidates, "repository", plural: "repositories")) Starscope looked at this week.",
                "Starscope asks GitHub for the newest weeks of what you browse and your favourites, once a day each.")
            : HTML(
                raw: groups.map { group -> String in
                    let rows: HTML = "<ol class=\"repo-list\">\(group.rows.map { $0.view(context) })</ol>"
                    return "<h2 class=\"group-title\">\(HTML.escape(group.title))</h2>\(rows.markup)"
                }.joined())
        return """
            \(Components.listHead(title))
            \(views)
            <p class="honest">\(BreakingOut.rule) From GitHub's star history of the repositories Starscope saw this week.</p>
            \(body)
            """
    }

    func pane(_ context: PageContext) -> HTML {
        if list.breakingOut { return breakingOutPane(context) }
        let timeframe = list.timeframe
        let body: HTML =
            rows.isEmpty
            ? Components.empty(
                "No repository has gained stars in Starscope's history \(timeframe.label) yet.",
                "Star counts are recorded as you browse; Rising fills in over time.")
            : "<ol class=\"repo-list\">\(rows.map { $0.view(context) })</ol>"
        return """
            \(Components.listHead(title, feed: feed))
            \(views)
            \(Components.listBar(
                refresh: SiteURL.rising(list).href, Components.timeframes(timeframe) { SiteURL.rising(RisingList(timeframe: $0)).href }))
            <p class="honest">Stars <strong>gained</strong> \(timeframe.label), from the star counts Starscope recorded (or GitHub's \
            star history where those are too young) — not GitHub's “new &amp; popular”.</p>
            \(historyNote.map { note -> HTML in "<p class=\"notice history-note\" role=\"note\">\(note)</p>" } ?? "")
            \(body)
            """
    }
}
