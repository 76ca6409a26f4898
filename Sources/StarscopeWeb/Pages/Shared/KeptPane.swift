import Foundation
import HTTPTypes
import StarscopeStore

/// A list pane whose markup was rendered before from the same rows, ages and context: a detail
/// opened from New & popular shows the list beside it, and writing its rows again would be a
/// large part of each detail view's work. Everything but the markup is the list's own.
struct KeptPane: ListPane {
    let list: any ListPane
    /// The kept markup with this browser's token, written out only when the pane is shown (a
    /// detail page kept whole does not show it again).
    let copy: RenderedPages<TrendingPage.RenderKey>.Copy
    /// The context the markup was rendered in.
    let context: PageContext

    var title: String { list.title }
    var liveList: String? { list.liveList }
    var status: HTTPResponse.Status { list.status }
    var rows: [RepositoryRow] { list.rows }
    var feed: Layout.Feed? { list.feed }
    var assets: PageAssets { list.assets }

    /// The kept markup when asked in the context it was rendered in (the banner, say, may have
    /// changed since), else the list's own.
    func pane(_ context: PageContext) -> HTML {
        context == self.context ? copy.html : list.pane(context)
    }

    /// New & popular's pane for `model`, copied from `kept` when it was rendered for the same key
    /// (`TrendingPage.RenderKey`: the rows, what their ages say, and the page context without the
    /// browser's token, which the copy gets back); a list showing a private repository is its
    /// viewer's alone and is never kept.
    static func trending(
        _ model: TrendingPage, origin: ListOrigin, kept: RenderedPages<TrendingPage.RenderKey>, context: WebContext
    ) -> any ListPane {
        guard model.isForEveryone else { return model }
        let page = context.page(origin.section)
        let key = TrendingPage.RenderKey(origin: origin, page: model, context: page, part: .pane)
        // Without a token to cut at, nothing is kept: the list renders its own pane.
        guard let copy = kept.copy(key, token: context.csrf, render: { key.page.pane(page) }) else { return model }
        return KeptPane(list: model, copy: copy, context: page)
    }
}
