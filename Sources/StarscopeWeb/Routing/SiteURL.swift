import Foundation
import Hummingbird
import StarscopeCore

/// Every address of the app as a value: links are built from it (`href`), and routes are
/// registered from its patterns, so no path is spelled anywhere else.
enum SiteURL: Hashable, Sendable {
    case trending(TrendingList)
    case repository(RepositoryName, from: ListOrigin)
    case rising(RisingList)
    case favorites(FavoritesList)
    case favoritesExport, favoritesToggle, favoritesImport, favoritesAnnotate, favoritesDescribe, favoritesLists, favoritesSync,
        favoritesSyncLists, star
    case updates
    case people(PeopleList)
    case accountGo
    case account(AccountList)
    case activity(login: String)
    case settings(saved: Bool)
    case settingsToken, settingsTokenDelete, settingsTheme, settingsSignOutEverywhere, settingsForget
    case signIn, signInGuest, signOut
    case live(list: ListOrigin?, repository: RepositoryName?)
    case avatar(source: String)
    case open(link: String)
    case healthz, metrics, manifest, serviceWorker, offline
    case trendingFeed(TrendingList)
    case risingFeed(RisingList)
    case updatesFeed
    /// How to subscribe to one of the feeds (its path, from `Pattern.feeds`), with its address to copy.
    case subscribe(feed: String)
    case compare(CompareList)
    case compareEmbed(CompareList, theme: EmbedTheme?)
    case starsEmbed(RepositoryName, theme: EmbedTheme?)
    case search(SearchList)

    /// The patterns routes are registered with (as `RouterPath(…)`); links use `href`.
    enum Pattern {
        static let trending = "/"
        static let repository = "/repos/:owner/:name"
        static let rising = "/rising"
        static let favorites = "/favorites"
        static let favoritesExport = "/favorites/export"
        static let favoritesToggle = "/favorites/toggle"
        static let favoritesImport = "/favorites/import"
        static let favoritesAnnotate = "/favorites/annotate"
        static let favoritesDescribe = "/favorites/describe"
        static let favoritesLists = "/favorites/lists"
        static let favoritesSync = "/favorites/sync"
        static let favoritesSyncLists = "/favorites/sync-lists"
        static let star = "/star"
        static let updates = "/updates"
        static let people = "/users"
        static let accountGo = "/users/go"
        static let account = "/users/:login"
        static let activity = "/users/:login/activity"
        static let settings = "/settings"
        static let settingsToken = "/settings/token"
        static let settingsTokenDelete = "/settings/token/delete"
        static let settingsTheme = "/settings/theme"
        static let settingsSignOutEverywhere = "/settings/sign-out-everywhere"
        static let settingsForget = "/settings/forget"
        static let signIn = "/signin"
        static let signInGuest = "/signin/guest"
        static let signOut = "/signout"
        static let live = "/live"
        static let avatar = "/avatar"
        static let open = "/open"
        static let healthz = "/healthz"
        static let metrics = "/metrics"
        static let asset = "/assets/:file"
        static let manifest = "/manifest.webmanifest"
        static let serviceWorker = "/sw.js"
        static let offline = "/offline"
        /// Every feed's path starts with it.
        static let feeds = "/feeds/"
        static let trendingFeed = "/feeds/trending.atom"
        static let risingFeed = "/feeds/rising.atom"
        static let updatesFeed = "/feeds/updates.atom"
        static let subscribe = "/subscribe"
        static let compare = "/compare"
        static let compareEmbed = "/compare.svg"
        static let starsEmbed = "/repos/:owner/:name/stars.svg"
        static let search = "/search"
    }

    /// The path and query, ready for `href`, `action` or a redirect.
    var href: String {
        switch self {
        case .trending(let list): list.parameters().url("/")
        case .repository(let name, let origin): Self.detail(name, from: origin)
        case .rising(let list):
            {
                var builder = QueryBuilder()
                if list.timeframe != .week { builder.add("since", list.timeframe.rawValue) }
                if list.breakingOut { builder.add("view", "breaking-out") }
                return builder.url(Pattern.rising)
            }()
        case .favorites(let list): list.parameters().url(Pattern.favorites)
        case .favoritesExport: Pattern.favoritesExport
        case .favoritesToggle: Pattern.favoritesToggle
        case .favoritesImport: Pattern.favoritesImport
        case .favoritesAnnotate: Pattern.favoritesAnnotate
        case .favoritesDescribe: Pattern.favoritesDescribe
        case .favoritesLists: Pattern.favoritesLists
        case .favoritesSync: Pattern.favoritesSync
        case .favoritesSyncLists: Pattern.favoritesSyncLists
        case .star: Pattern.star
        case .updates: Pattern.updates
        case .people(let list): Self.people(list)
        case .accountGo: Pattern.accountGo
        case .account(let list): list.parameters().url("/users/\(list.login)")
        case .activity(let login): "/users/\(login)/activity"
        case .settings(let saved): saved ? "/settings?saved=1" : Pattern.settings
        case .settingsToken: Pattern.settingsToken
        case .settingsTokenDelete: Pattern.settingsTokenDelete
        case .settingsTheme: Pattern.settingsTheme
        case .settingsSignOutEverywhere: Pattern.settingsSignOutEverywhere
        case .settingsForget: Pattern.settingsForget
        case .signIn: Pattern.signIn
        case .signInGuest: Pattern.signInGuest
        case .signOut: Pattern.signOut
        case .live(let list, let repository):
            {
                var builder = QueryBuilder()
                builder.add("list", list?.url.href)
                builder.add("repo", repository?.description)
                return builder.url(Pattern.live)
            }()
        case .avatar(let source): "/avatar?src=" + HTML.query(source)
        case .open(let link): "/open?link=" + HTML.query(link)
        case .healthz: Pattern.healthz
        case .metrics: Pattern.metrics
        case .manifest: Pattern.manifest
        case .serviceWorker: Pattern.serviceWorker
        case .offline: Pattern.offline
        // A feed has every row of its first page: no page number.
        case .trendingFeed(let list): list.with(page: 1).parameters(withPage: false).url(Pattern.trendingFeed)
        case .risingFeed(let list): list.timeframe == .week ? Pattern.risingFeed : "\(Pattern.risingFeed)?since=\(list.timeframe.rawValue)"
        case .updatesFeed: Pattern.updatesFeed
        case .subscribe(let feed): "\(Pattern.subscribe)?feed=" + HTML.query(feed)
        case .compare(let list): list.parameters(path: Pattern.compare)
        case .compareEmbed(let list, let theme): list.parameters(path: Pattern.compareEmbed, theme: theme)
        case .starsEmbed(let name, let theme): "/repos/\(name.owner)/\(name.name)/stars.svg" + (theme.map { "?theme=\($0.rawValue)" } ?? "")
        case .search(let list): list.parameters().url(Pattern.search)
        }
    }

    /// `/repos/OWNER/NAME?since=week` beside New & popular (the form of links already shared), else
    /// `/repos/OWNER/NAME?from=LIST`.
    private static func detail(_ name: RepositoryName, from origin: ListOrigin) -> String {
        let path = "/repos/\(name.owner)/\(name.name)"
        if case .trending(let list) = origin { return list.parameters().url(path) }
        var builder = QueryBuilder()
        builder.add("from", origin.url.href)
        return builder.url(path)
    }

    private static func people(_ list: PeopleList) -> String {
        var builder = QueryBuilder()
        builder.add("since", list.since.map { String($0) })
        if list.byLogin { builder.add("sort", "login") }
        return builder.url(Pattern.people)
    }
}
