import HTTPTypes
import StarscopeCore

/// A list shown in a pane: what it shows (New & popular, Rising, Favourites, an account's repositories).
protocol ListPane: Sendable {
    /// The list's heading and the document's title.
    var title: String { get }
    /// The link the live stream watches for this list, if it can be watched.
    var liveList: String? { get }
    var status: HTTPResponse.Status { get }
    /// The repositories it shows (a detail of one of them needs no request).
    var rows: [RepositoryRow] { get }
    /// The list pane's content (written in the list's view file).
    func pane(_ context: PageContext) -> HTML
    /// The list's Atom feed, if it has one.
    var feed: Layout.Feed? { get }
    /// The search of all of GitHub this list shows, which the header's search box then holds.
    var searchInForce: GitHubSearch? { get }
    /// The list's own style sheets and scripts (a detail's come with the detail).
    var assets: PageAssets { get }
}

extension ListPane {
    var feed: Layout.Feed? { nil }
    var searchInForce: GitHubSearch? { nil }
    var assets: PageAssets { .none }
}

/// A list with, when one was chosen, a repository's detail: beside it on wide screens, alone
/// (with the way back to the list) on phones.
struct SplitPage: Page {
    var origin: ListOrigin
    var list: any ListPane
    var detail: RepositoryPage?

    var section: PageContext.Section { origin.section }
    var status: HTTPResponse.Status { detail?.status ?? list.status }
}
