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
