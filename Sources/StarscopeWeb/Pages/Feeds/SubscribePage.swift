import HTTPTypes

/// How to follow one of the app's Atom feeds: what it is, its address to copy into a feed
/// reader, and the feed itself for those who want it. The Feed link of a list leads here, as a
/// browser shows a feed's XML raw; feed readers find the feed itself in each page's head.
struct SubscribePage: Page {
    /// The feed's title ("New & popular"), path and absolute address.
    var title: String
    var path: String
    var url: String

    var section: PageContext.Section { .none }

    /// The feed at `path` (one of `SiteURL.Pattern.feeds`), by its title; nil for any other path.
    static func title(of path: String) -> String? {
        let file = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        switch file {
        case SiteURL.Pattern.trendingFeed: return "New & popular"
        case SiteURL.Pattern.risingFeed: return "Rising"
        case SiteURL.Pattern.updatesFeed: return "Updates on your favourites"
        default: return nil
        }
    }
}

extension SubscribePage {
    func document(_ context: PageContext) -> HTML {
        let main: HTML = """
            <section class="list-pane single subscribe" aria-labelledby="list-title">
            <div class="list-head"><h1 id="list-title">Follow “\(title)” in a feed reader</h1></div>
            <p>This list is also an Atom feed. Paste its address into a feed reader (NetNewsWire, Feedly, Inoreader, \
            Thunderbird, …) to see what is new there without opening Starscope.</p>
            <label for="feed-url">Feed address</label>
            <div class="copy-row"><input id="feed-url" type="url" readonly value="\(url)" data-copy-source>\
            <button type="button" data-copy="feed-url" hidden>Copy</button></div>
            <p class="copy-status muted" role="status"></p>
            <p><a class="inline" href="\(path)" type="application/atom+xml">Open the feed itself</a> (XML, for feed readers).</p>
            </section>
            """
        return Layout.page(
            title: "Follow \(title)", context: context, main: main, feed: Layout.Feed(title: title, href: path), assets: .subscribe
        )
    }
}
