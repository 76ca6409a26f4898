import Foundation
import StarscopeCore
import StarscopeModels

extension AccountPage: ListPane {
    var title: String { profile?.login ?? list.login }
    var liveList: String? { profile == nil ? nil : SiteURL.account(list).href }

    func pane(_ context: PageContext) -> HTML {
        if let notFound {
            return """
                \(AccountViews.switcher(list.login))
                <div class="error-state not-found"><h1 id="list-title">Not found</h1><p>\(notFound)</p>
                <p>Check the spelling above, or look through <a href="\(SiteURL.people(PeopleList()).href)">People</a>.</p></div>
                """
        }
        guard let profile else {
            return """
                \(AccountViews.switcher(list.login))
                <h1 id="list-title">\(list.login)</h1>
                \(failure.map(Components.failure) ?? "")
                """
        }
        let body: HTML =
            if let failure {
                Components.failure(failure)
            } else if rows.isEmpty && next == nil {
                list.text != nil || list.language != nil
                    ? Components.empty("No repository on this page matches these filters.")
                    : Components.empty("No \(list.forks ? "" : "non-fork ")public repositories on this page.")
            } else {
                "\(Components.pageMark(list.page, first: SiteURL.account(list.with(page: 1)).href))<ol class=\"repo-list\">\(rows.map { $0.view(context) })</ol>\(Components.loadMore(next.map { SiteURL.account($0).href }))"
            }
        var toggle = list
        toggle.forks.toggle()
        toggle.page = 1
        return """
            <div class="account">
            \(AccountViews.switcher(list.login))
            \(AccountViews.profile(profile, now: now))
            <div class="list-head"><h2>Repositories</h2><span class="actions">\
            <a class="button" href="\(SiteURL.account(toggle).href)">\(list.forks ? "Hide forks" : "Show forks")</a> \
            <a class="button" href="\(SiteURL.activity(login: profile.login).href)">Activity</a></span></div>
            \(Components.foldedBar(refresh: nil, summary: foldSummary, sticky: false, filters()))
            \(body)
            </div>
            """
    }
}

extension AccountPage {
    /// The folded filters' line on phones.
    var foldSummary: String {
        let search = list.text.map { "“\($0)”" } ?? "Filter"
        return [search, list.language ?? "Any language", list.sort.label].joined(separator: " · ")
    }

    /// Sort, language and text over the account's repositories.
    func filters() -> HTML {
        let sorts = AccountRepositorySort.allCases.map { sort -> HTML in
            "<option value=\"\(sort.rawValue)\"\(sort == list.sort ? " selected" : "")>\(sort.label)</option>"
        }
        var languages = TrendingPage.languages
        if let language = list.language, !languages.contains(language) { languages.insert(language, at: 0) }
        let languageOptions = languages.map { language -> HTML in
            "<option value=\"\(language)\"\(language == list.language ? " selected" : "")>\(language)</option>"
        }
        let forks: HTML = list.forks ? "<input type=\"hidden\" name=\"forks\" value=\"1\">" : ""
        return """
            <form class="filters stacked" method="get" action="\(SiteURL.account(AccountList(login: list.login)).href)" role="search">
            \(forks)
            <span class="field grow"><label for="rq">Filter these repositories</label>
            <input id="rq" name="q" type="search" value="\(list.text ?? "")" placeholder="Name or description" maxlength="200"></span>
            <span class="field"><label for="language">Language</label>
            <select id="language" name="language"><option value="">Any language</option>\(languageOptions)</select></span>
            <span class="field"><label for="sort">Sort</label>
            <select id="sort" name="sort">\(sorts)</select></span>
            <button type="submit">Apply</button>
            </form>
            """
    }
}

extension PeoplePage {
    func document(_ context: PageContext) -> HTML {
        let body: HTML =
            if let failure {
                Components.failure(failure)
            } else {
                """
                <ol class="people-list">\(accounts.map(AccountViews.peopleRow))</ol>
                \(Components.loadMore(next.map { SiteURL.people($0).href }))
                """
            }
        let sort = Components.segmented(
            "Sort",
            [
                .init(title: "Joined", href: SiteURL.people(PeopleList(since: list.since)).href, current: !list.byLogin),
                .init(title: "Login", href: SiteURL.people(PeopleList(since: list.since, byLogin: true)).href, current: list.byLogin),
            ])
        let main: HTML = """
            <section class="list-pane single" aria-labelledby="list-title">
            \(Components.pullIndicator)
            \(Components.listHead("People"))
            \(Components.foldedBar(
                refresh: SiteURL.people(list).href, summary: list.byLogin ? "By login · Search people" : "By joining date · Search people",
                sort, AccountViews.peopleSearch))
            \(Components.rowsStart)\(body)\(Components.rowsEnd)
            </section>
            """
        return Layout.page(title: "People", context: context, main: main)
    }
}

extension ActivityPage {
    func document(_ context: PageContext) -> HTML {
        let body: HTML =
            if let notFound {
                "<div class=\"error-state not-found\"><p>\(notFound)</p></div>"
            } else if let failure {
                Components.failure(failure)
            } else if events.isEmpty {
                Components.empty("\(login) has no recent public activity.")
            } else {
                "<ol class=\"event-list\">\(events.map { AccountViews.eventRow($0, now: now, from: .activity(login: login)) })</ol>"
            }
        let main: HTML = """
            <section class="list-pane single" aria-labelledby="list-title">
            <div class="list-head"><h1 id="list-title">Activity of <a class="inline" href="\(SiteURL.account(AccountList(login: login)).href)">\(login)</a></h1></div>
            \(Components.rowsStart)\(body)\(Components.rowsEnd)
            </section>
            """
        return Layout.page(title: "\(login) activity", context: context, main: main)
    }
}
