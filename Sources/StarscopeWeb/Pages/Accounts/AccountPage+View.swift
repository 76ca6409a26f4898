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
                Components.empty("No \(list.forks ? "" : "non-fork ")public repositories on this page.")
            } else {
                "<ol class=\"repo-list\">\(rows.map { $0.view(context) })</ol>\(Components.loadMore(next.map { SiteURL.account($0).href }))"
            }
        let toggle = AccountList(login: list.login, forks: !list.forks)
        return """
            <div class="account">
            \(AccountViews.switcher(list.login))
            \(AccountViews.profile(profile, now: now))
            <div class="list-head"><h2>Repositories</h2><span class="actions">\
            <a class="button" href="\(SiteURL.account(toggle).href)">\(list.forks ? "Hide forks" : "Show forks")</a> \
            <a class="button" href="\(SiteURL.activity(login: profile.login).href)">Activity</a></span></div>
            \(body)
            </div>
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
            \(Components.listBar(refresh: SiteURL.people(list).href, sort, AccountViews.switcher("")))
            \(body)
            </section>
            """
        return Layout.page(title: "People", context: context, main: main)
    }
}

extension ActivityPage {
    func document(_ context: PageContext) -> HTML {
        let body: HTML =
            if let failure {
                Components.failure(failure)
            } else if events.isEmpty {
                Components.empty("\(login) has no recent public activity.")
            } else {
                "<ol class=\"event-list\">\(events.map { AccountViews.eventRow($0, now: now) })</ol>"
            }
        let main: HTML = """
            <section class="list-pane single" aria-labelledby="list-title">
            <div class="list-head"><h1 id="list-title">Activity of <a class="inline" href="\(SiteURL.account(AccountList(login: login)).href)">\(login)</a></h1></div>
            \(body)
            </section>
            """
        return Layout.page(title: "\(login) activity", context: context, main: main)
    }
}
