import AsyncHTTPClient
import Foundation
import GitHubAPI
import HTTPTypes
import Hummingbird
import StarscopeCore
import StarscopeStore
import Synchronization

/// What every request shares: the store, one HTTP client, the avatar cache, and a reading context for
/// the token in use (which Settings can change while the app runs).
public final class WebServices: Sendable {
    public let settings: WebSettings
    /// Favourites, accounts, history, GitHub's answers: SQLite in the data directory, or the
    /// team's PostgreSQL (`--database`).
    public let database: any Store
    let httpClient: HTTPClient
    let avatars: any AvatarImages
    let tokenFile: TokenFile
    let live: LiveHub
    private let current: CurrentReading
    let hostPolicy: HostPolicy
    let trustedProxies: TrustedProxies
    let sessions = SessionCache()
    /// What imports, syncs and refused tokens did, for the page each form's redirect leads to.
    /// Kept in the store, so that every instance over it shows them (`FormOutcomes`).
    let importOutcomes: FormOutcomes<FavoritesPage.ImportOutcome>
    let syncOutcomes: FormOutcomes<FavoritesPage.SyncResult>
    let listsOutcomes: FormOutcomes<ListsSyncOutcome>
    let tokenRefusals: FormOutcomes<String>
    let starOutcomes: FormOutcomes<RepositoryPage.StarOutcome>
    let signInGate = SignInGate()
    /// Embeds kept, names GitHub did not know, and new drawings per client (`--public-embeds`).
    let embeds = EmbedGuard()
    /// What new embed drawings for strangers and guests may spend of the server token's hour, in
    /// requests to GitHub.
    let embedAllowance: RequestAllowance
    /// The server's token as everyone sees it, spending from `embedAllowance`.
    private let embedCurrent: CurrentReading
    /// `/live` streams per client address and in all, whichever hub serves them.
    let streams: StreamAllowance
    /// Whether each person starred what they looked at, as GitHub said a moment ago (`StarStates`).
    let starStates = StarStates()
    private let listening: Mutex<(port: Int, signInBase: String?)>
    /// With accounts: seals each account's token at rest.
    let vault: TokenVault?
    /// With accounts: a reading context per signed-in account, over that account's own token.
    private let accountReadings = Mutex<[AccountKey: ReadContext]>([:])
    /// With accounts: live counts per signed-in account, checked with that account's token and
    /// spending its budget (guests and the server's own pages share `live`).
    private let accountHubs = Mutex<[AccountKey: LiveHub]>([:])

    /// Where the next background round of update checks starts, per viewer.
    let updatesResume = Mutex<[Viewer: Int]>([:])
    /// The layers between use cases and GitHub, stacked once for every token in use.
    let stack: GitHubStack
    /// `--metrics`: what the server does, for `/metrics` (records nothing without it).
    let metrics: WebMetrics

    /// Over `store`, with avatars kept in `avatars` (`serve` puts them together: `ServeAssembly`);
    /// with accounts, over `vault` (else `accounts.key`, made when missing).
    public init(
        settings: WebSettings, httpClient: HTTPClient, store: any Store, avatars: any AvatarImages, vault: TokenVault? = nil
    ) throws {
        self.settings = settings
        self.httpClient = httpClient
        hostPolicy = HostPolicy(boundHost: settings.host, allowedHosts: settings.allowedHosts)
        trustedProxies = TrustedProxies(settings.trustedProxies)
        var streamLimits = settings.streams
        let connections = settings.connections.total(descriptorLimit: ConnectionLimits.descriptorLimit())
        streamLimits.total = max(1, min(streamLimits.total, connections / 2))
        streams = StreamAllowance(limits: streamLimits)
        listening = Mutex((settings.port, nil))
        database = store
        self.avatars = avatars
        importOutcomes = FormOutcomes(kind: "import", store: database)
        syncOutcomes = FormOutcomes(kind: "sync", store: database)
        listsOutcomes = FormOutcomes(kind: "lists", store: database)
        tokenRefusals = FormOutcomes(kind: "token", store: database)
        starOutcomes = FormOutcomes(kind: "star", store: database)
        metrics = WebMetrics(enabled: settings.metrics)
        var stack = GitHubStack(environment: settings.environment, database: database, httpClient: httpClient, logger: settings.logger)
        stack.metrics = metrics.gitHub
        self.stack = stack
        tokenFile = TokenFile(directory: settings.configDirectory)
        self.vault = settings.accounts ? try vault ?? TokenVault.open(directory: settings.configDirectory) : nil
        let token = settings.environmentToken?.token ?? (try? tokenFile.read()) ?? nil
        current = CurrentReading(stack.reading(token: token, viewer: .owner))
        embedAllowance = RequestAllowance(share: settings.embedShare)
        embedCurrent = CurrentReading(stack.reading(token: token, viewer: .everyone, allowance: embedAllowance))
        let readings = current
        let serverViewer = Self.serverViewer(settings)
        // Live counts and the background checks split the live share: together they never spend more.
        live = LiveHub(budget: Self.liveBudget(settings)) { readings.value.viewed(by: serverViewer) }
    }

    /// How avatars are downloaded the first time: from GitHub's avatar hosts only, within `settings`' time-out.
    public static func avatarDownload(settings: WebSettings, httpClient: HTTPClient) -> @Sendable (URL) async throws -> AvatarImage {
        let timeout = settings.timeout
        return { url in try await AvatarDownload.fetch(url, client: httpClient, timeout: timeout) }
    }

    /// Whose eyes the server's own token reads through: the owner's on a server without
    /// accounts; with accounts, everyone's (public repositories only, whoever owns the token).
    static func serverViewer(_ settings: WebSettings) -> Viewer {
        settings.accounts ? .everyone : .owner
    }

    /// The reading context for the server's own token (or none): a server without accounts, and its
    /// live checks, use it. With accounts it shows public repositories only: it is what guests
    /// and people without a token of their own see.
    var reading: ReadContext { current.value.viewed(by: Self.serverViewer(settings)) }

    /// The server's own token with all it may see, for the owner's favourites (the terminal's and
    /// a server without accounts).
    var ownerReading: ReadContext { current.value }

    /// What star-history SVGs asked by strangers and guests are drawn with: the server's token,
    /// as everyone sees it (an embed may be shown anywhere), within the embeds' share of its hour.
    var strangersEmbedReading: ReadContext { embedCurrent.value }

    /// The server's token as everyone sees it: public repositories only, for what the server
    /// itself reads for all (breaking out) and the embeds of people signed in.
    var publicReading: ReadContext { current.value.viewed(by: .everyone) }

    /// The reading context for whoever made the request: with accounts, the signed-in account's token.
    func reading(for context: WebContext) async -> ReadContext {
        guard vault != nil, let key = context.viewer.accountKey else { return reading }
        return await accountReading(key) ?? reading
    }

    /// The reading context over the account's own token, or nil when it has none (then nothing of that
    /// account's is ever asked with another token).
    func accountReading(_ key: AccountKey) async -> ReadContext? {
        if let cached = accountReadings.withLock({ $0[key] }) { return cached }
        guard let token = await accountToken(key) else { return nil }
        let made = stack.reading(token: token, viewer: .account(key))
        accountReadings.withLock { $0[key] = made }
        return made
    }

    /// The reading context that checks `viewer`'s favourites in the background: the server's token for
    /// the owner, an account's own token otherwise, and none without one.
    func backgroundReading(for viewer: Viewer) async -> ReadContext? {
        switch viewer {
        case .owner: return ownerReading
        case .account(let key): return vault == nil ? nil : await accountReading(key)
        case .guest, .everyone: return nil
        }
    }

    /// Live counts for whoever made the request: with accounts, a hub of that account's own
    /// (its token, its budget); guests and a server without accounts share the server's.
    func live(for context: WebContext) async -> LiveHub {
        guard vault != nil, let key = context.viewer.accountKey, let reading = await accountReading(key) else { return live }
        let settings = self.settings
        return accountHubs.withLock { hubs in
            if let hub = hubs[key] { return hub }
            let hub = LiveHub(budget: Self.liveBudget(settings)) { reading }
            hubs[key] = hub
            return hub
        }
    }

    /// Each token's live counts spend half of the live share (the background checks the other half).
    static func liveBudget(_ settings: WebSettings) -> LiveBudget {
        LiveBudget(share: settings.liveShare / 2, minimumInterval: settings.liveInterval)
    }

    /// The token the account keyed `key` signed in with, unsealed.
    func accountToken(_ key: AccountKey) async -> String? {
        await accounts.token(of: key)
    }

    /// Forgets the reading context and live counts of the account keyed `key` (signed in again with
    /// another token, or forgotten).
    func forgetReading(_ key: AccountKey) {
        _ = accountReadings.withLock { $0.removeValue(forKey: key) }
        _ = accountHubs.withLock { $0.removeValue(forKey: key) }
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
        if vault != nil {
            if let key = context.viewer.accountKey { hasToken = await accountToken(key) != nil } else { hasToken = false }
        } else {
            hasToken = settings.environmentToken != nil || storedTokenExists
        }
        return GitHubStars(favorites: await favorites(for: context), hasToken: hasToken, memory: starStates)
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
        stack.networkClient(token: token)
    }

    /// Saves (or, with nil, deletes) the token and switches to it unless the environment's wins.
    func useStoredToken(_ token: String?) throws(StoreError) {
        if let token { try tokenFile.write(token) } else { try tokenFile.delete() }
        let effective = settings.environmentToken?.token ?? token
        current.value = stack.reading(token: effective, viewer: .owner)
        embedCurrent.value = stack.reading(token: effective, viewer: .everyone, allowance: embedAllowance)
        starStates.forgetAll()
    }

    /// Whether the request reached us over HTTPS (a trusted proxy said so): cookies are then `Secure`.
    func isHTTPS(_ request: Request, context: WebContext) -> Bool {
        trustedProxies.isHTTPS(request, context: context)
    }

    /// The port the server accepts connections on (the configured one until it is listening).
    var listeningPort: Int { listening.withLock { $0.port } }

    /// Called once the server listens: notes the port and, when sign-in is required, announces
    /// the first sign-in link.
    public func didStartListening(host: String, port: Int) async {
        let address = SignInLink.reachableAddress(boundHost: host)
        let base = "http://\(Authority(host: address, port: port).urlText)/signin?code="
        listening.withLock { $0 = (port, base) }
        await announceNewSignInLink()
    }

    /// Issues a new one-time link and hands it to `settings.announceSignInLink`; with accounts,
    /// announces the sign-in page (each person signs in with their own token).
    func announceNewSignInLink() async {
        guard settings.requireSignIn, let base = listening.withLock({ $0.signInBase }) else { return }
        if settings.accounts {
            settings.announceSignInLink(String(base.dropLast("?code=".count)))
            return
        }
        let code = await signInGate.issue()
        settings.announceSignInLink(base + code)
    }

    var storedTokenExists: Bool { ((try? tokenFile.read()) ?? nil) != nil }
}

/// The reading context for the token in use, swapped when Settings changes the token.
final class CurrentReading: Sendable {
    private let reading: Mutex<ReadContext>

    init(_ reading: ReadContext) {
        self.reading = Mutex(reading)
    }

    var value: ReadContext {
        get { reading.withLock { $0 } }
        set { reading.withLock { $0 = newValue } }
    }
}
