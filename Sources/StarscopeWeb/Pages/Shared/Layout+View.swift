import StarscopeCore
import Synchronization

/// The document around every page: head, the navigation (a header on wide screens, a tab bar in
/// reach of the thumb on phones), the offline / stale / rate-limit banner, and the content.
enum Layout {
    struct NavigationItem {
        var section: PageContext.Section
        var href: String
        var title: String
        /// The label under the icon in the phone's tab bar.
        var short: String
        /// An SVG path (24×24) for the tab bar.
        var icon: String
    }

    /// Favourites' one symbol, everywhere: the tab, each row's and the detail's toggle (filled when
    /// a favourite). GitHub's stars keep ★.
    static let heart =
        "M12 21s-7.5-4.6-9.5-9.2C1 8.4 3.4 5 6.8 5c2 0 3.6 1.1 5.2 3 1.6-1.9 3.2-3 5.2-3C20.6 5 23 8.4 21.5 11.8 19.5 16.4 12 21 12 21z"

    static let navigation: [NavigationItem] = [
        .init(
            section: .trending, href: SiteURL.trending(TrendingList()).href, title: "New & popular", short: "New",
            icon: "M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.2l7.1-.6z"),
        .init(
            section: .rising, href: SiteURL.rising(RisingList()).href, title: "Rising", short: "Rising",
            icon: "M3 17l6-6 4 4 8-8M15 7h6v6"),
        .init(
            section: .favorites, href: SiteURL.favorites(FavoritesList()).href, title: "Favourites", short: "Favourites",
            icon: heart),
        .init(
            section: .updates, href: SiteURL.updates.href, title: "Updates", short: "Updates",
            icon: "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0"),
        .init(
            section: .accounts, href: SiteURL.accountGo.href, title: "Accounts", short: "Accounts",
            icon: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5"),
        .init(
            section: .people, href: SiteURL.people(PeopleList()).href, title: "People", short: "People",
            icon:
                "M8.5 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20c0-3.3 2.9-5.5 6.5-5.5S15 16.7 15 20M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.8c2.3.6 4 2.4 4 5.2"
        ),
        .init(
            section: .settings, href: SiteURL.settings(saved: false).href, title: "Settings", short: "Settings",
            icon:
                "M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"
        ),
    ]

    /// `navigation: false` for pages that lead nowhere else yet (sign-in); `feed`, the page's
    /// Atom feed, is announced in the head for browsers and feed readers to find.
    /// `search`, the search of all of GitHub the page shows: the header's box holds it.
    /// `scripts`: the page's own scripts beyond those every page has (`headScripts`).
    static func page(
        title: String, context: PageContext, main: HTML, navigation: Bool = true, feed: Feed? = nil, search: GitHubSearch? = nil,
        scripts: [String] = []
    ) -> HTML {
        let nav: HTML = navigation ? Self.navigation(context) : ""
        let bodyClass: HTML = navigation ? " class=\"has-tabs\"" : ""
        let banner: HTML =
            context.banner.map { "<div class=\"banner\" role=\"status\">\($0)</div>" }
            ?? "<div class=\"banner\" role=\"status\" hidden></div>"
        return """
            <!doctype html>
            <html lang="en" data-theme="\(context.theme.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="light dark">
            <title>\(title) · Starscope</title>
            \(Self.headLinks)
            \(feed.map { feed -> HTML in "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"\(feed.title)\" href=\"\(feed.href)\">" } ?? "")
            \(Self.headScripts)\(scripts.map { name -> HTML in "\n<script src=\"\(Assets.url(name))\" defer></script>" })
            </head>
            <body\(bodyClass)>
            <a class="skip" href="#main">Skip to content</a>
            <header class="top">
            <a class="brand" href="\(SiteURL.trending(TrendingList()).href)"><span aria-hidden="true">✦</span> Starscope</a>
            \(navigation ? search.map(Self.searchBox) ?? Self.searchBox : "")
            \(nav)
            </header>
            \(banner)
            <main id="main" tabindex="-1">
            \(main)
            </main>
            </body>
            </html>
            """
    }

    /// The head's style sheet, icon and manifest: the same on every page, written once.
    static let headLinks: HTML = """
        <link rel="stylesheet" href="\(Assets.url("app.css"))">
        <link rel="icon" href="\(Assets.url("icon.svg"))" type="image/svg+xml">
        <link rel="manifest" href="\(SiteURL.manifest.href)">
        """

    /// The head's theme colour and the scripts every page has, written once. app.js loads the
    /// scripts of a detail when one is shown in the pane, and offline.js when a change waits.
    static let headScripts: HTML = """
        <meta name="theme-color" content="#1f6feb">
        <script src="\(Assets.url("app.js"))" defer data-offline="\(Assets.url("offline.js"))" data-star="\(Assets.url("star-button.js"))"></script>
        <script src="\(Assets.url("place.js"))" defer></script>
        """

    /// What a repository's detail needs: tags and notes kept offline, and Star on GitHub in place.
    static let detailScripts = ["offline.js", "star-button.js"]

    /// The tabs with `context`'s section current and its unread count: written once for each
    /// (a page not kept whole, a detail, wrote all seven links again on every view).
    static func navigation(_ context: PageContext) -> HTML {
        let key = NavigationKey(section: context.section, unreadUpdates: context.unreadUpdates)
        if let kept = keptNavigations.withLock({ $0[key] }) { return kept }
        let links = Self.navigation.map { item -> HTML in
            let current: HTML = item.section == context.section ? " aria-current=\"page\"" : ""
            let badge: HTML =
                item.section == .updates && context.unreadUpdates > 0
                ? "<span class=\"badge\" data-unread=\"\(context.unreadUpdates)\"><span class=\"visually-hidden\">, </span>\(min(context.unreadUpdates, 99))<span class=\"visually-hidden\"> new</span></span>"
                : ""
            return """
                <a href="\(item.href)"\(current)><svg class="nav-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="\(item.icon)"/></svg>\
                <span class="nav-long">\(item.title)</span><span class="nav-short" aria-hidden="true">\(item.short)</span>\(badge)</a>
                """
        }
        let nav: HTML = "<nav class=\"tabs\" aria-label=\"Main\">\(links)</nav>"
        keptNavigations.withLock { kept in
            // Sections times the unread counts seen: bounded, and started again when full.
            if kept.count >= 256 { kept.removeAll(keepingCapacity: true) }
            kept[key] = nav
        }
        return nav
    }

    struct NavigationKey: Hashable {
        var section: PageContext.Section
        var unreadUpdates: Int
    }

    private static let keptNavigations = Mutex<[NavigationKey: HTML]>([:])

    /// The header's box that searches all of GitHub (`/search`), on every page with navigation.
    static let searchBox = searchBox(GitHubSearch(text: ""))

    /// The header's box holding `search`, the one in force on a search page: there is one box
    /// for searching GitHub, and it shows what the results are for.
    static func searchBox(_ search: GitHubSearch) -> HTML {
        let people = search.kind == .users
        return """
            <form class="top-search" method="get" action="\(SiteURL.Pattern.search)" role="search" aria-label="Search GitHub">
            \(people ? "<input type=\"hidden\" name=\"type\" value=\"users\">" as HTML : "")
            \(search.sort.map { sort -> HTML in "<input type=\"hidden\" name=\"sort\" value=\"\(sort.rawValue)\">" } ?? "")
            <label class="visually-hidden" for="top-search-q">\(people ? "Search people on GitHub" : "Search all of GitHub")</label>
            <input id="top-search-q" name="q" type="search" value="\(search.text)" placeholder="\(people ? "Search people" : "Search GitHub")" \
            maxlength="\(TrendingQuery.maximumQueryLength)" autocapitalize="none" spellcheck="false">
            </form>
            """
    }
}
