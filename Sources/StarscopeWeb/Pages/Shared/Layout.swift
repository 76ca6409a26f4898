import Foundation

/// What every page needs besides its content.
struct PageContext: Sendable {
    enum Theme: String, Sendable, CaseIterable {
        case system, light, dark
    }

    var theme: Theme = .system
    /// The CSRF token every state-changing form carries.
    var csrf: String
    /// The offline / stale / rate-limit notice, if any.
    var banner: String?
    /// Which navigation entry is current.
    var section: Section = .trending
    /// Sign-in is required and this browser has a session (Settings offers to sign out).
    var signedIn = false
    /// With `--accounts`, whose pages these are ("" otherwise, `*guest` for a guest).
    var account = ""

    /// A guest's pages: browsing only.
    var isReadOnly: Bool { account == SignInMiddleware.guest }

    enum Section { case trending, rising, favorites, accounts, people, settings, none }
}

enum Layout {
    static func page(title: String, context: PageContext, main: HTML) -> HTML {
        let nav: [(String, String, PageContext.Section)] = [
            ("/", "New & popular", .trending), ("/rising", "Rising", .rising), ("/favorites", "Favourites", .favorites),
            ("/users/swiftlang", "Accounts", .accounts),
            ("/users", "People", .people), ("/settings", "Settings", .settings),
        ]
        let links = nav.map { href, label, section -> HTML in
            section == context.section
                ? "<a href=\"\(href)\" aria-current=\"page\">\(label)</a>"
                : "<a href=\"\(href)\">\(label)</a>"
        }
        let banner: HTML =
            context.banner.map { "<div class=\"banner\" role=\"status\">\($0)</div>" }
            ?? "<div class=\"banner\" role=\"status\" hidden></div>"
        return """
            <!doctype html>
            <html lang="en" data-theme="\(context.theme.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(title) · Starscope</title>
            <link rel="stylesheet" href="\(Assets.url("app.css"))">
            <link rel="icon" href="\(Assets.url("icon.svg"))" type="image/svg+xml">
            <link rel="manifest" href="/manifest.webmanifest">
            <meta name="theme-color" content="#1f6feb">
            <script src="\(Assets.url("app.js"))" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header class="top">
            <a class="brand" href="/"><span aria-hidden="true">✦</span> Starscope</a>
            <nav aria-label="Main">\(links)</nav>
            </header>
            \(banner)
            <main id="main" tabindex="-1">
            \(main)
            </main>
            </body>
            </html>
            """
    }
}
