/// The style sheets and scripts a page has beyond those every page has (`app.css`, `app.js`,
/// with `place.js`): each page loads only what it uses, so a first visit to a list stays light.
struct PageAssets: Sendable {
    var styles: [String] = []
    var scripts: [String] = []

    static let none = PageAssets()

    /// A repository's detail: its style sheet (README, sections, charts), tags and notes kept
    /// offline, Star on GitHub, and acting in place. app.js loads the same when it shows a detail
    /// in the pane (`Assets.loadedLater`).
    static let detail = PageAssets(styles: ["detail.css"], scripts: ["offline.js", "star-button.js", "detail.js"])

    /// Compare: the charts' style sheet and script, and its type-ahead and PNG download.
    static let compare = PageAssets(styles: ["detail.css"], scripts: ["detail.js", "compare.js"])

    /// Favourites: tags' own pages, Lists, export and import, and a removed row that leaves with
    /// a moment to undo it.
    static let favorites = PageAssets(styles: ["favorites.css"], scripts: ["favorites.js"])

    /// Search: its help, topics, qualifier and language chips.
    static let search = PageAssets(styles: ["search.css"])

    /// Settings, signing in and forgetting: forms of their own.
    static let settings = PageAssets(styles: ["settings.css"])

    /// A feed's subscribe page: its address to copy.
    static let subscribe = PageAssets(styles: ["settings.css"], scripts: ["copy-button.js"])

    static func + (lhs: PageAssets, rhs: PageAssets) -> PageAssets {
        PageAssets(
            styles: lhs.styles + rhs.styles.filter { !lhs.styles.contains($0) },
            scripts: lhs.scripts + rhs.scripts.filter { !lhs.scripts.contains($0) })
    }
}
