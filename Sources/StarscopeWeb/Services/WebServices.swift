import AsyncHTTPClient
import Foundation
import GitHubAPI
import HTTPTypes
import Hummingbird
import StarscopeCore
import StarscopeStore

/// What every request shares, in a few named parts: the store, one HTTP client and the avatar
/// cache; the server's token (`ServerToken`) and, with accounts, each account's own
/// (`AccountReadings`); what forms did (`FormOutcomeSet`); the sign-in links (`SignInLinks`); the
/// guards of every connection (`Guards`); and the background rounds (`BackgroundRounds`, in Core).
public final class WebServices: Sendable {
    public let settings: WebSettings
    /// Favourites, accounts, history, GitHub's answers: SQLite in the data directory, or the
    /// team's PostgreSQL (`--database`).
    public let database: any Store
    let httpClient: HTTPClient
    let avatars: any AvatarImages
    let server: ServerToken
    /// With accounts: each signed-in account's own token; nil without accounts.
    let accountReadings: AccountReadings?
    let outcomes: FormOutcomeSet
    let signIn: SignInLinks
    let guards: Guards
    /// What `serve` does in the background each interval.
    public let rounds: BackgroundRounds
    /// `--metrics`: what the server does, for `/metrics` (records nothing without it).
    let metrics: WebMetrics
    /// New & popular and details made a moment ago.
    let keptPages: KeptPages

    /// Over `store`, with avatars kept in `avatars` (`serve` puts them together: `ServeAssembly`);
    /// with accounts, over `vault` (else `accounts.key`, made when missing).
    public init(
        settings: WebSettings, httpClient: HTTPClient, store: any Store, avatars: any AvatarImages, vault: TokenVault? = nil
    ) throws {
        self.settings = settings
        self.httpClient = httpClient
        database = store
        self.avatars = avatars
        guards = Guards(settings: settings)
        outcomes = FormOutcomeSet(store: store)
        keptPages = KeptPages(revision: { store.revision })
        signIn = SignInLinks(settings: settings)
        let metrics = WebMetrics(enabled: settings.metrics)
        self.metrics = metrics
        var stack = GitHubStack(environment: settings.environment, database: store, httpClient: httpClient, logger: settings.logger)
        stack.metrics = metrics.gitHub
        let server = ServerToken(settings: settings, stack: stack)
        self.server = server
        let accountReadings =
            settings.accounts
            ? AccountReadings(
                stack: stack,
                database: store, vault: try vault ?? TokenVault.open(directory: settings.configDirectory),
                liveBudget: ServerToken.liveBudget(settings))
            : nil
        self.accountReadings = accountReadings
        rounds = BackgroundRounds(
            database: store,
            pace: .init(interval: settings.updatesInterval, liveShare: settings.liveShare, offline: settings.environment.offline),
            logger: settings.logger,
            readingFor: { viewer in
                switch viewer {
                case .owner: server.ownerReading
                case .account(let key): await accountReadings?.reading(key)
                case .guest, .everyone: nil
                }
            },
            serverReading: { server.reading }, publicReading: { server.publicReading })
    }

    /// How avatars are downloaded the first time: from GitHub's avatar hosts only, within `settings`' time-out.
    public static func avatarDownload(settings: WebSettings, httpClient: HTTPClient) -> @Sendable (URL) async throws -> AvatarImage {
        let timeout = settings.timeout
        return { url in try await AvatarDownload.fetch(url, client: httpClient, timeout: timeout) }
    }

    /// With accounts: seals each account's token at rest.
    var vault: TokenVault? { accountReadings?.vault }

    /// Sign-in, sessions and accounts' own settings, in the store.
    var accounts: Accounts { accountReadings?.accounts ?? Accounts(database: database, vault: nil) }

    /// The server's own pages (`ServerToken.reading`).
    var reading: ReadContext { server.reading }
    var ownerReading: ReadContext { server.ownerReading }
    var publicReading: ReadContext { server.publicReading }
    var live: LiveHub { server.live }

    /// The reading context for whoever made the request: with accounts, the signed-in account's token.
    func reading(for context: WebContext) async -> ReadContext {
        guard let accountReadings, let key = context.viewer.accountKey else { return reading }
        return await accountReadings.reading(key) ?? reading
    }

    /// The reading context over the account's own token, or nil when it has none.
    func accountReading(_ key: AccountKey) async -> ReadContext? {
        await accountReadings?.reading(key)
    }

    /// Live counts for whoever made the request: with accounts, a hub of that account's own
    /// (its token, its budget); guests and a server without accounts share the server's.
    func live(for context: WebContext) async -> LiveHub {
        guard let key = context.viewer.accountKey, let hub = await accountReadings?.live(key) else { return live }
        return hub
    }

    /// The favourites of the one user of a server without accounts.
    var favorites: Favorites { Favorites(reading: ownerReading, database: database, viewer: .owner) }

    /// The favourites of whoever made the request.
    func favorites(for context: WebContext) async -> Favorites {
        Favorites(reading: await reading(for: context), database: database, viewer: context.viewer)
    }

    /// What changed on the favourites of whoever made the request.
    func updates(for context: WebContext) -> UpdatesFeed {
        UpdatesFeed(database: database, viewer: context.viewer)
    }

    /// Stars on GitHub for whoever made the request: their own token with accounts, else the server's.
    func stars(for context: WebContext) async -> GitHubStars {
        let hasToken: Bool
        if let accountReadings {
            if let key = context.viewer.accountKey {
                hasToken = await accountReadings.accounts.token(of: key) != nil
            } else {
                hasToken = false
            }
        } else {
            hasToken = server.exists
        }
        return GitHubStars(favorites: await favorites(for: context), hasToken: hasToken, memory: server.starStates)
    }

    /// GitHub's star Lists and the viewer's tags, through GraphQL with the viewer's token.
    func lists(for context: WebContext) async -> ListSync {
        let stars = await stars(for: context)
        let client = stars.favorites.reading.client.using(.askGitHub)
        return ListSync(favorites: stars.favorites, lists: GitHubStarLists(client: client), hasToken: stars.hasToken)
    }

    /// Whose account is this browser's: the signed-in account's login, or the owner of the
    /// server's token (asked of GitHub once, then from the cache); nil for a guest or without a token.
    func ownLogin(for context: WebContext) async -> String? {
        if settings.accounts {
            guard let key = context.viewer.accountKey else { return nil }
            return await accounts.account(key)?.login
        }
        guard await stars(for: context).hasToken else { return nil }
        return try? await reading.client.tokenOwner().profile.login
    }

    /// A client that always asks GitHub, for checking a token.
    func networkClient(token: String?) -> GitHubClient {
        server.stack.networkClient(token: token)
    }

    /// Forgets the reading context and live counts of the account keyed `key`.
    func forgetReading(_ key: AccountKey) {
        accountReadings?.forget(key)
    }

    /// The port the server accepts connections on (the configured one until it is listening).
    var listeningPort: Int { signIn.port }

    /// Called once the server listens: notes the port and announces the first sign-in link.
    public func didStartListening(host: String, port: Int) async {
        await signIn.didStartListening(host: host, port: port)
    }
}
