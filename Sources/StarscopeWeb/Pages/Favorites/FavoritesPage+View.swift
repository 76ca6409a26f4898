import StarscopeCore
import StarscopeStore

extension FavoritesPage: ListPane {
    var assets: PageAssets { .favorites }
    var title: String { "Favourites" }
    var liveList: String? { SiteURL.favorites(FavoritesList()).href }

    func pane(_ context: PageContext) -> HTML {
        var firstPage = list
        firstPage.page = 1
        let body: HTML =
            if total == 0 {
                Components.empty("No favourites yet.", "Tap ♡ on any repository to keep it here, ready offline.")
            } else if rows.isEmpty {
                Components.empty("No favourite matches these filters.")
            } else {
                "\(Components.pageMark(list.page, first: SiteURL.favorites(firstPage).href))<ol class=\"repo-list\" data-favorites>\(rows.map { $0.view(context) })</ol>\(Components.loadMore(next.map { SiteURL.favorites($0).href }))"
            }
        return """
            \(Components.listHead(title, count: total))
            \(Components.foldedBar(refresh: SiteURL.favorites(list).href, summary: foldSummary, filters()))
            \(tagFilter())
            \(tagAbout(context))
            \(undo(context))
            \(importSummary())
            \(syncSummary())
            \(listsResult?.view ?? "")
            \(body)
            \(compareForm())
            \(syncForm(context))
            \(archive(context))
            """
    }

    /// The folded bar's line on phones: the search, language and order in force.
    var foldSummary: String {
        let search = list.text.isEmpty ? "Filter" : "“\(list.text)”"
        return [search, list.language ?? "Any language", list.sort.title].joined(separator: " · ")
    }

    func filters() -> HTML {
        let languageOptions = languages.map { language -> HTML in
            "<option value=\"\(language)\"\(language == list.language ? " selected" : "")>\(language)</option>"
        }
        let sortOptions = FavoritesList.Sort.allCases.map { sort -> HTML in
            "<option value=\"\(sort.rawValue)\"\(sort == list.sort ? " selected" : "")>\(sort.title)</option>"
        }
        return """
            <form class="filters stacked" method="get" action="\(SiteURL.Pattern.favorites)" role="search">
            \(list.tag.map { tag -> HTML in "<input type=\"hidden\" name=\"tag\" value=\"\(tag)\">" } ?? "")
            <span class="field grow"><label for="fq">Filter favourites</label>
            <input id="fq" name="q" type="search" value="\(list.text)" placeholder="Name, description, topic, tag or note" maxlength="200"></span>
            <span class="field"><label for="language">Language</label>
            <select id="language" name="language"><option value="">Any language</option>\(languageOptions)</select></span>
            <span class="field"><label for="sort">Sort</label>
            <select id="sort" name="sort">\(sortOptions)</select></span>
            <button type="submit">Apply</button>
            </form>
            """
    }

    /// The tags in use: each filters the list; the current one clears the filter.
    func tagFilter() -> HTML {
        guard !tags.isEmpty else { return "" }
        let chips = tags.map { item -> HTML in
            let current = list.tag?.caseInsensitiveCompare(item.tag) == .orderedSame
            var target = list
            target.tag = current ? nil : item.tag
            target.page = 1
            let state: HTML = current ? " aria-current=\"true\"" : ""
            let about: HTML =
                item.description.isEmpty ? "" : " <span class=\"tag-description\" title=\"\(item.description)\">\(item.description)</span>"
            return
                "<li><a class=\"tag-link\" href=\"\(SiteURL.favorites(target).href)\"\(state)>#\(item.tag) <span class=\"muted\">\(item.count)</span>\(about)</a></li>"
        }
        return "<nav aria-label=\"Tags\"><ul class=\"user-tags tag-filter\">\(chips)</ul></nav>"
    }

    /// The tag the list is filtered by: what it is for, in full, and a form to say it.
    func tagAbout(_ context: PageContext) -> HTML {
        guard let tag = list.tag else { return "" }
        let summary = tags.first { $0.tag.caseInsensitiveCompare(tag) == .orderedSame }
        let description = summary?.description ?? ""
        let shown = summary?.tag ?? tag
        let text: HTML =
            description.isEmpty
            ? "<p class=\"muted\">#\(shown) has no description yet.</p>" : "<p><strong>#\(shown)</strong> — \(description)</p>"
        return """
            <section class="tag-about" aria-label="About #\(shown)">
            \(text)
            <details><summary>Describe #\(shown)</summary>
            <form method="post" action="\(SiteURL.favoritesDescribe.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <input type="hidden" name="tag" value="\(shown)">
            <input type="hidden" name="return" value="\(SiteURL.favorites(list).href)">
            <label for="tag-description">What #\(shown) is for (empty to take it away)</label>
            <input id="tag-description" name="description" type="text" value="\(description)" maxlength="\(FavoriteText.maximumTagDescriptionLength)" autocomplete="off">
            <button type="submit">Save</button>
            </form></details>
            </section>
            """
    }

    /// "Removed OWNER/NAME. Undo" after a removal without the page's script.
    func undo(_ context: PageContext) -> HTML {
        guard let removed else { return "" }
        return """
            <div class="notice undo" role="status"><span>Removed \(removed) from favourites.</span>
            <form method="post" action="\(SiteURL.favoritesToggle.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <input type="hidden" name="repo" value="\(removed)">
            <input type="hidden" name="undo" value="1">
            <input type="hidden" name="return" value="\(SiteURL.favorites(list).href)">
            <button type="submit">Undo</button>
            </form></div>
            """
    }

    func importSummary() -> HTML {
        if let importError { return "<div class=\"error-state import-result\" role=\"alert\"><p>\(importError)</p></div>" }
        guard let result = importResult else { return "" }
        var sentence = "Imported \(result.added) favourite\(result.added == 1 ? "" : "s")"
        if result.alreadyFavorites > 0 {
            sentence += "; \(result.alreadyFavorites) \(result.alreadyFavorites == 1 ? "was a favourite" : "were favourites") already"
        }
        if !result.skipped.isEmpty { sentence += "; skipped \(result.skipped.count) entr\(result.skipped.count == 1 ? "y" : "ies")" }
        let skipped: HTML =
            result.skipped.isEmpty
            ? ""
            : "<ul class=\"skipped\">\(result.skipped.map { item -> HTML in "<li>Entry \(item.entry): \(item.reason)</li>" })</ul>"
        return "<div class=\"notice import-result\" role=\"status\"><p>\(sentence).</p>\(skipped)</div>"
    }

    func syncSummary() -> HTML {
        guard let result = syncResult else { return "" }
        var sentence = "Added \(result.added) starred repositor\(result.added == 1 ? "y" : "ies") from GitHub"
        if result.alreadyFavorites > 0 {
            sentence += "; \(result.alreadyFavorites) \(result.alreadyFavorites == 1 ? "was a favourite" : "were favourites") already"
        }
        if result.pushRequested { sentence += "; starred \(result.pushed) favourite\(result.pushed == 1 ? "" : "s") on GitHub" }
        let failure: HTML = result.failure.map { "<p>\($0)</p>" } ?? ""
        return result.failure != nil && result.added == 0 && result.pushed == 0
            ? "<div class=\"error-state sync-result\" role=\"alert\">\(failure)</div>"
            : "<div class=\"notice sync-result\" role=\"status\"><p>\(sentence).</p>\(failure)</div>"
    }

    /// Sync with GitHub's stars: never deletes on either side.
    func syncForm(_ context: PageContext) -> HTML {
        guard canSync, !context.isReadOnly else { return "" }
        return """
            <section class="sync" aria-labelledby="sync-title"><h2 id="sync-title">GitHub stars</h2>
            <p class="muted">Every repository you starred on GitHub becomes a favourite. Nothing is removed, here or on GitHub.</p>
            <form method="post" action="\(SiteURL.favoritesSync.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <button type="submit">Sync with GitHub stars</button>
            <button type="submit" name="push" value="1">Sync, and star every favourite on GitHub</button>
            </form></section>
            <section class="sync" aria-labelledby="lists-title"><h2 id="lists-title">GitHub Lists</h2>
            <p class="muted">Each of your star Lists is a tag here, and each tag a List there. Nothing is deleted on either side.</p>
            \(ListsSyncOutcome.form(context, returnTo: SiteURL.favorites(FavoritesList()).href))
            </section>
            """
    }

    /// Compare favourites' star histories: a picker of the favourites shown; ticked ones (2 to 10)
    /// are compared.
    func compareForm() -> HTML {
        guard rows.count >= 2 else { return "" }
        let choices = rows.map { row -> HTML in
            "<li><label><input type=\"checkbox\" name=\"repos\" value=\"\(row.repository.fullName)\"> \(row.repository.fullName)</label></li>"
        }
        return """
            <details class="compare-favorites"><summary>Compare star histories</summary>
            <form class="compare-picker" method="get" action="\(SiteURL.Pattern.compare)">
            <fieldset><legend>Choose 2 to \(CompareList.most) favourites</legend>
            <ul class="list-choices">\(choices)</ul>
            </fieldset>
            <button type="submit">Compare</button>
            </form></details>
            """
    }

    func archive(_ context: PageContext) -> HTML {
        """
        <details class="archive"\(importError != nil || importResult != nil ? " open" : "")>
        <summary>Export and import</summary>
        <p><a class="button" href="\(SiteURL.favoritesExport.href)" download="starscope-favorites.json">Export as JSON</a></p>
        <form method="post" action="\(SiteURL.favoritesImport.href)" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value="\(context.csrf)">
        <label for="import-file">Import a JSON export</label>
        <input id="import-file" name="file" type="file" accept="application/json,.json" required>
        <button type="submit">Import</button>
        </form>
        </details>
        """
    }
}
