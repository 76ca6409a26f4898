import StarscopeCore

extension TrendingPage: ListPane {
    var title: String { "New & popular" }
    var liveList: String? { SiteURL.trending(list).href }
    var feed: Layout.Feed? { Layout.Feed(title: list.feedTitle, href: SiteURL.trendingFeed(list).href) }

    func pane(_ context: PageContext) -> HTML {
        let body: HTML =
            if let failure {
                Components.failure(failure)
            } else if rows.isEmpty {
                Components.empty("No new repositories match.", "Try another timeframe or language, or clear the search.")
            } else {
                """
                \(incomplete ? Components.notice("GitHub's search ran out of time, so some repositories may be missing.") : "")
                \(Components.pageMark(list.page, first: SiteURL.trending(list.with(page: 1)).href))
                <ol class="repo-list" data-page="\(list.page)">\(rows.map { $0.view(context) })</ol>
                \(Components.loadMore(next.map { SiteURL.trending($0).href }))
                """
            }
        return """
            \(Components.listHead(title, feed: feed))
            \(Components.foldedBar(
                refresh: SiteURL.trending(list).href, summary: summary,
                Components.timeframes(list.query.timeframe) { SiteURL.trending(list.with(timeframe: $0)).href }, filters(),
                honest(phone: true)))
            \(honest(phone: false))
            \(body)
            """
    }

    /// What the list shows, in words: under the bar on wide screens, inside its fold on phones.
    func honest(phone: Bool) -> HTML {
        """
        <p class="honest \(phone ? "phone-only" : "wide-only")">Repositories <strong>created</strong> \(list.query.timeframe.label)\
        \(list.query.topic.map { " on \($0)" } ?? ""), \(Self.order(list.query.sort)) — not stars gained.</p>
        """
    }

    /// The folded bar's line: the choices in force.
    var summary: String {
        var parts = [list.query.timeframe.title, list.query.language ?? "Any language", list.query.sort.label]
        if let topic = list.query.topic { parts.append("Topic: \(topic)") }
        if let text = list.query.text, !text.isEmpty { parts.append("“\(text)”") }
        return parts.joined(separator: " · ")
    }

    static func order(_ sort: SearchSort) -> String {
        switch sort {
        case .stars: "most stars first"
        case .forks: "most forks first"
        case .helpWantedIssues: "most help-wanted issues first"
        case .updated: "most recently updated first"
        }
    }

    func filters() -> HTML {
        var languages = Self.languages
        if let language = list.query.language, !languages.contains(language) { languages.insert(language, at: 0) }
        let options = languages.map { language -> HTML in
            "<option value=\"\(language)\"\(language == list.query.language ? " selected" : "")>\(language)</option>"
        }
        let sorts = SearchSort.allCases.map { sort -> HTML in
            "<option value=\"\(sort.rawValue)\"\(sort == list.query.sort ? " selected" : "")>\(sort.label)</option>"
        }
        let topic: HTML =
            list.query.topic.map { topic in
                var without = list
                without.query.topic = nil
                without.page = 1
                return """
                    <input type="hidden" name="topic" value="\(topic)">
                    <a class="chip" href="\(SiteURL.trending(without).href)" aria-label="Topic \(topic): show every topic">Topic: \(topic) ✕</a>
                    """
            } ?? ""
        return """
            <form class="filters" method="get" action="\(SiteURL.Pattern.trending)" role="search">
            <input type="hidden" name="since" value="\(list.query.timeframe.rawValue)">
            \(topic)
            <span class="field"><label for="language">Language</label>
            <select id="language" name="language"><option value="">Any language</option>\(options)</select></span>
            <span class="field"><label for="sort">Sort</label>
            <select id="sort" name="sort">\(sorts)</select></span>
            <span class="field grow"><label for="q">Filter these repositories</label>
            <input id="q" name="q" type="search" value="\(list.query.text ?? "")" placeholder="Name, description or topic" maxlength="200"></span>
            <button type="submit">Apply</button>
            </form>
            """
    }
}
