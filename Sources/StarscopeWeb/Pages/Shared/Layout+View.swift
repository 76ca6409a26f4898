import StarscopeCore

/// The document around every page: head, the navigation (a header on wide screens, a tab bar in
/// reach of the thumb on phones), the offline / stale / rate-limit banner, and the content.
enum Layout {
    struct NavigationItem {
        var section: PageContext.Section
        var href: String
        var title: String
        /// The label under the icon in the phone's tab bar.
        var short: String
        /// The tab bar's icon: a symbol of `icons.svg`.
        var icon: String
    }

    static let navigation: [NavigationItem] = [
        .init(
            section: .trending, href: SiteURL.trending(TrendingList()).href, title: "New & popular", short: "New",
            icon: "new"),
        .init(
            section: .rising, href: SiteURL.rising(RisingList()).href, title: "Rising", short: "Rising",
            icon: "rising"),
        .init(
            section: .favorites, href: SiteURL.favorites(FavoritesList()).href, title: "Favourites", short: "Favourites",
            icon: "heart"),
        .init(
            section: .updates, href: SiteURL.updates.href, title: "Updates", short: "Updates",
            icon: "updates"),
        .init(
            section: .accounts, href: SiteURL.accountGo.href, title: "Accounts", short: "Accounts",
            icon: "accounts"),
        .init(
            section: .people, href: SiteURL.people(PeopleList()).href, title: "People", short: "People",
            icon: "people"
        ),
        .init(
            section: .settings, href: SiteURL.settings(saved: false).href, title: "Settings", short: "Settings",
            icon: "settings"
        ),
    ]

    /// One of `icons.svg`'s symbols (`heart`, a tab's icon), drawn in `className`'s size and colour:
    /// the file is fetched once and kept, rather than the paths written into every page.
    static func icon(_ symbol: String, className: String) -> HTML {
        "<svg class=\"\(className)\" viewBox=\"0 0 24 24\" aria-hidden=\"true\" focusable=\"false\"><use href=\"\(Assets.url("icons.svg"))#\(symbol)\"/></svg>"
    }

    /// Favourites' one symbol, everywhere: the tab, each row's and the detail's toggle (filled when
    /// a favourite). GitHub's stars keep ★.
    static let heart = icon("heart", className: "fav-icon")

    /// `navigation: false` for pages that lead nowhere else yet (sign-in); `feed`, the page's
    /// Atom feed, is announced in the head for browsers and feed readers to find.
    /// `search`, the search of all of GitHub the page shows: the header's box holds it.
    /// `assets`: the page's own style sheets and scripts beyond those every page has.
    static func page(
        title: String, context: PageContext, main: HTML, navigation: Bool = true, feed: Feed? = nil, search: GitHubSearch? = nil,
        assets: PageAssets = .none
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
            \(Self.headLinks)\(assets.styles.map { name -> HTML in "\n<link rel=\"stylesheet\" href=\"\(Assets.url(name))\">" })
            \(feed.map { feed -> HTML in "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"\(feed.title)\" href=\"\(feed.href)\">" } ?? "")
            \(Self.headScripts)\(assets.scripts.map { name -> HTML in "\n<script src=\"\(Assets.url(name))\" defer></script>" })
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

    /// The head's theme colour and the script every page has, written once. app.js loads what a
    /// detail needs (`PageAssets.detail`) when one is shown in the pane, offline.js when a change
    /// waits, and the keyboard help when it is asked for (`Assets.loadedLater`).
    static let headScripts: HTML = """
        <meta name="theme-color" content="#1f6feb">
        <script src="\(Assets.url("app.js"))" defer></script>
        """

    /// The tabs with `context`'s section current and its unread count.
    static func navigation(_ context: PageContext) -> HTML {
        let links = Self.navigation.map { item -> HTML in
            let current: HTML = item.section == context.section ? " aria-current=\"page\"" : ""
            let badge: HTML =
                item.section == .updates && context.unreadUpdates > 0
                ? "<span class=\"badge\" data-unread=\"\(context.unreadUpdates)\"><span class=\"visually-hidden\">, </span>\(min(context.unreadUpdates, 99))<span class=\"visually-hidden\"> new</span></span>"
                : ""
            return """
                <a href="\(item.href)"\(current)>\(icon(item.icon, className: "nav-icon"))\
                <span class="nav-long">\(item.title)</span><span class="nav-short" aria-hidden="true">\(item.short)</span>\(badge)</a>
                """
        }
        return "<nav class=\"tabs\" aria-label=\"Main\">\(links)</nav>"
    }

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
