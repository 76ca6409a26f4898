import Foundation
import StarscopeCore
import StarscopeStore

/// Each controller, and each list pane the controllers share, made from the services: the one
/// place they are wired. A controller holds only the use cases its pages need, each made for the
/// request's viewer (`ForViewer`), and the list panes (`Panes/`) that build its lists from use
/// cases; never the services, the store or another controller.
extension WebServices {
    var readingForViewer: ForViewer<ReadContext> { ForViewer { await self.reading(for: $0) } }
    var favoritesForViewer: ForViewer<Favorites> { ForViewer { await self.favorites(for: $0) } }
    var starsForViewer: ForViewer<GitHubStars> { ForViewer { await self.stars(for: $0) } }
    var updatesForViewer: ForViewer<UpdatesFeed> { ForViewer { self.updates(for: $0) } }

    var trendingPane: TrendingPane { TrendingPane(reading: readingForViewer) }
    var risingPane: RisingPane {
        let database = self.database
        return RisingPane(
            reading: readingForViewer, rising: Rising(database: database),
            breakingOut: { now in BreakingOut(database: database, now: { now }) })
    }
    var favoritesPane: FavoritesPane { FavoritesPane(favorites: favoritesForViewer, stars: starsForViewer) }
    var accountPane: AccountPane { AccountPane(reading: readingForViewer) }
    var searchPane: SearchPane { SearchPane(reading: readingForViewer, favorites: favoritesForViewer) }

    /// Every list a detail can be opened from, built as its own page builds it.
    var listPanes: ListPanes {
        ListPanes(trending: trendingPane, rising: risingPane, favorites: favoritesPane, accounts: accountPane, search: searchPane)
    }

    var trendingController: TrendingController {
        TrendingController(pane: trendingPane, wholePages: database.isShared, kept: keptPages)
    }

    var searchController: SearchController {
        SearchController(pane: searchPane, wholePages: database.isShared)
    }

    var risingController: RisingController {
        RisingController(pane: risingPane)
    }

    var favoritesController: FavoritesController {
        FavoritesController(
            favorites: favoritesForViewer, pane: favoritesPane, importOutcomes: outcomes.imports, syncOutcomes: outcomes.syncs,
            listsOutcomes: outcomes.lists)
    }

    var accountsController: AccountsController {
        AccountsController(
            reading: readingForViewer, pane: accountPane, ownLogin: ForViewer { await self.ownLogin(for: $0) },
            wholePages: database.isShared)
    }

    var repositoryController: RepositoryController {
        RepositoryController(
            reading: readingForViewer, stars: starsForViewer, lists: listPanes, starOutcomes: outcomes.stars,
            starStateWait: settings.starStateWait, wholePages: database.isShared, kept: keptPages)
    }

    var starsController: StarsController {
        StarsController(stars: starsForViewer, starOutcomes: outcomes.stars, syncOutcomes: outcomes.syncs)
    }

    var listsController: ListsController {
        ListsController(lists: ForViewer { await self.lists(for: $0) }, outcomes: outcomes.lists)
    }

    var updatesController: UpdatesController {
        UpdatesController(updates: updatesForViewer, favorites: favoritesForViewer, checkInterval: settings.checkInterval)
    }

    var liveController: LiveController {
        LiveController(
            favorites: favoritesForViewer, live: ForViewer { await self.live(for: $0) }, proxies: guards.trustedProxies,
            allowance: guards.streams)
    }

    var feedsController: FeedsController {
        let host = settings.host
        return FeedsController(
            reading: readingForViewer, updates: updatesForViewer, rising: Rising(database: database), proxies: guards.trustedProxies,
            authority: { Authority(host: host, port: self.listeningPort) })
    }

    var historyController: HistoryController {
        HistoryController(
            reading: readingForViewer, favorites: favoritesForViewer, embedReading: { self.publicReading },
            strangersReading: { self.server.strangersEmbedReading },
            embeds: guards.embeds,
            allowance: server.embedAllowance, signInRequired: settings.requireSignIn, proxies: guards.trustedProxies)
    }

    var supportController: SupportController {
        let (database, avatars) = (self.database, self.avatars)
        return SupportController(apiURL: settings.apiURL, avatar: { try await avatars.image(for: $0) }) { () async throws(StoreError) in
            try await database.ping()
        }
    }

    var metricsController: MetricsController {
        let (database, streams) = (self.database, self.guards.streams)
        return MetricsController(
            metrics: metrics, proxies: guards.trustedProxies, token: settings.metricsToken, liveStreams: { streams.count() }
        ) { () async throws(StoreError) in
            try await database.ping()
        }
    }

    var settingsController: SettingsController {
        SettingsController(
            settings: settings, accounts: accounts, serverReading: { self.reading },
            storedToken: { [server] in server.storedToken },
            useStoredToken: { (token: String?) throws(StoreError) in try self.server.useStoredToken(token) },
            networkClient: { self.networkClient(token: $0) }, live: ForViewer { await self.live(for: $0) },
            tokenRefusals: outcomes.tokenRefusals, sessions: guards.sessions, forgetReading: { self.forgetReading($0) },
            proxies: guards.trustedProxies,
            listsOutcomes: outcomes.lists, canSyncLists: ForViewer { await self.stars(for: $0).hasToken })
    }

    var signInController: SignInController {
        SignInController(
            settings: settings, accounts: accounts, gate: signIn.gate, sessions: guards.sessions,
            networkClient: { self.networkClient(token: $0) },
            forgetReading: { self.forgetReading($0) }, announceNewSignInLink: { await self.signIn.announceNew() },
            proxies: guards.trustedProxies)
    }
}
