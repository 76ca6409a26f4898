import StarscopeCore

extension SearchPage: ListPane {
    var title: String { "Search" }
    /// The header's box holds the query: the page has no second box that could disagree with it.
    var searchInForce: GitHubSearch? { list.search }
    var assets: PageAssets { .search }
    /// Repositories found are kept live, as every list of repositories is; people have no counts.
    var liveList: String? {
        list.search.kind == .repositories && !list.search.text.isEmpty ? SiteURL.search(list).href : nil
    }

    /// Where the rows go when they follow the page.
    static let rowsMarker: HTML = "<!--search-rows-->"

    /// What shows until GitHub has answered: the stylesheet hides it once the rows (or why there
    /// are none) follow it, so it needs no script.
    static let pending: HTML = "<p class=\"search-pending muted\" data-search-pending>Searching GitHub…</p>\(rowsMarker)"

    func pane(_ context: PageContext) -> HTML {
        """
        \(Components.listHead(title))
        <div class="search-tools">
        \(kinds())
        \(refining ? order() : "")
        \(help())
        \(list.search.kind == .repositories ? topicPicker() : "")
        </div>
        \(qualifierChips())
        \(list.search.kind == .repositories ? onlyNew() : "")
        <div class="search-results" data-search-results>\(rowsFollow ? Self.pending : results(context))</div>
        """
    }

    /// The rows, or why there are none: what is sent once GitHub has answered.
    func results(_ context: PageContext) -> HTML {
        if list.search.text.isEmpty {
            return Components.empty(
                list.search.kind == .users
                    ? "Type the first letters of a login or a name."
                    : "Type words or qualifiers, or choose a topic.")
        }
        if let failure { return Components.failure(failure) }
        let count: HTML =
            totalCount.map { total -> HTML in
                "<p class=\"muted search-count\" data-total=\"\(total)\">\(GroupedNumber.format(total)) \(total == 1 ? "match" : "matches")\(total > 1_000 ? " (GitHub shows the first 1,000)" : "")</p>"
            } ?? ""
        let more = Components.loadMore(next.map { SiteURL.search($0).href })
        switch list.search.kind {
        case .users:
            guard !accounts.isEmpty else { return Components.empty("No users or organisations match.", "Try fewer letters.") }
            return """
                \(count)
                <ol class="people-list" data-page="\(list.page)">\(accounts.map(AccountViews.peopleRow))</ol>
                \(more)
                """
        case .repositories:
            guard !rows.isEmpty else { return Components.empty("No repositories match.", "Try fewer words or other qualifiers.") }
            return """
                \(count)
                \(languageChips())
                \(incomplete ? Components.notice("GitHub's search ran out of time, so some repositories may be missing.") : "")
                <ol class="repo-list" data-page="\(list.page)">\(rows.map { $0.view(context) })</ol>
                \(more)
                """
        }
    }

    /// A search of repositories under way: it can be ordered and narrowed.
    private var refining: Bool { list.search.kind == .repositories && !list.search.text.isEmpty }

    /// GitHub's orders, as github.com's search offers them.
    func order() -> HTML {
        Components.segmented(
            "Order",
            [
                .init(
                    title: "Best match", href: SiteURL.search(list.with(sort: nil)).href, current: list.search.sort == nil,
                    data: ("sort", "best"))
            ]
                + GitHubSearch.Sort.allCases.map { sort in
                    .init(
                        title: sort.title, href: SiteURL.search(list.with(sort: sort)).href, current: list.search.sort == sort,
                        data: ("sort", sort.rawValue))
                })
    }

    /// The qualifiers in force, each a chip that takes it off the search.
    func qualifierChips() -> HTML {
        let qualifiers = list.search.kind == .repositories ? list.search.qualifiers : []
        guard !qualifiers.isEmpty else { return "" }
        let chips = qualifiers.map { qualifier -> HTML in
            let without = SiteURL.search(list.with(search: list.search.removing(qualifier))).href
            return
                "<li><a class=\"chip qualifier\" href=\"\(without)\" data-qualifier=\"\(qualifier)\" aria-label=\"Remove \(qualifier)\">\(qualifier) <span aria-hidden=\"true\">✕</span></a></li>"
        }
        return "<ul class=\"qualifier-chips\" aria-label=\"Qualifiers in force\">\(chips)</ul>"
    }

    /// The languages of the results at hand with how many each; each narrows the search to it.
    func languageChips() -> HTML {
        guard languages.count > 1 || (languages.count == 1 && !list.search.qualifiers.contains { $0.lowercased().hasPrefix("language:") })
        else { return "" }
        let first = (RowWindow(page: list.page, rows: SearchList.rowsPerPage).upstreamPage - 1) * RowWindow.upstreamPageSize + 1
        let chips = languages.map { entry -> HTML in
            let narrowed = SiteURL.search(list.with(search: list.search.inLanguage(entry.language))).href
            return
                "<li><a class=\"chip\" href=\"\(narrowed)\" data-language=\"\(entry.language)\">\(entry.language) <span class=\"muted\">\(GroupedNumber.format(entry.count))</span></a></li>"
        }
        return """
            <div class="language-facets"><p class="muted">Languages of results \(GroupedNumber.format(first))–\(GroupedNumber.format(first + counted - 1))</p>
            <ul class="language-chips">\(chips)</ul></div>
            """
    }

    func kinds() -> HTML {
        Components.segmented(
            "Search for",
            [
                .init(
                    title: "Repositories", href: SiteURL.search(list.with(kind: .repositories)).href,
                    current: list.search.kind == .repositories, data: ("search-type", "repositories")),
                .init(
                    title: "People", href: SiteURL.search(list.with(kind: .users)).href, current: list.search.kind == .users,
                    data: ("search-type", "users")),
            ])
    }

    /// GitHub's common qualifiers, each with an example.
    func help() -> HTML {
        let qualifiers: [(String, String)] =
            list.search.kind == .users
            ? [
                ("type:org", "organisations only (type:user for people)"), ("followers:>100", "more than 100 followers"),
                ("in:login", "match the login only, not the name"),
            ]
            : [
                ("language:swift", "written in Swift"), ("stars:>100", "more than 100 stars (also 10..50)"),
                ("user:octocat", "owned by a user (org:apple for an organisation)"), ("topic:cli", "tagged with a topic"),
                ("created:>2025-01-01", "created after a day"), ("fork:true", "forks too (fork:only for forks alone)"),
                ("\"exact words\"", "a phrase"),
            ]
        let items = qualifiers.map { example, meaning -> HTML in "<dt><code>\(example)</code></dt><dd>\(meaning)</dd>" }
        return """
            <details class="search-help"><summary>Search tips</summary>
            <p class="muted">GitHub's qualifiers pass through:</p>
            <dl>\(items)</dl>
            <p class="muted">Combine them with words: <code>cache language:rust stars:&gt;500</code>.</p>
            </details>
            """
    }

    /// Popular topics and the topics of the viewer's favourites; choosing one searches `topic:X`.
    func topicPicker() -> HTML {
        func chips(_ topics: [String]) -> HTML {
            "<ul class=\"topic-chips\">\(topics.map { topic -> HTML in "<li><a class=\"chip\" href=\"\(SiteURL.search(SearchList(search: GitHubSearch(text: "topic:" + topic))).href)\" data-topic=\"\(topic)\">\(topic)</a></li>" })</ul>"
        }
        let yours: HTML =
            favoriteTopics.isEmpty ? "" : "<h2 class=\"topic-heading\">Your favourites' topics</h2>\(chips(favoriteTopics))"
        return """
            <details class="topic-picker"\(list.search.text.isEmpty ? " open" : "")><summary>Topics</summary>
            \(yours)
            <h2 class="topic-heading">Popular topics</h2>
            \(chips(Self.popularTopics))
            </details>
            """
    }

    /// The "new repositories" lists as a filter of this search: New & popular with the same words.
    func onlyNew() -> HTML {
        let text = list.search.text
        guard text.count <= 200 else { return "" }
        let links = Timeframe.allCases.map { timeframe -> HTML in
            let trending = TrendingList(query: TrendingQuery(timeframe: timeframe, text: text))
            return
                "<a class=\"inline\" href=\"\(SiteURL.trending(trending).href)\" data-only-new=\"\(timeframe.rawValue)\">\(timeframe.title.lowercased())</a>"
        }
        var parts: [HTML] = []
        for (index, link) in links.enumerated() {
            if index > 0 { parts.append(" · ") }
            parts.append(link)
        }
        return "<p class=\"muted only-new\">Only new repositories, created: \(parts)</p>"
    }
}
