import AsyncHTTPClient
import Foundation
import GitHubAPI
import HTTPTypes
import Hummingbird
import StarscopeCore
import StarscopeStore
import Synchronization

/// What every request shares: the store, one HTTP client, the avatar cache, and an explorer for
/// the token in use (which Settings can change while the app runs).
public final class WebServices: Sendable {
    public let settings: WebSettings
    /// Favourites, accounts, history, GitHub's answers: SQLite in the data directory, or the
    /// team's PostgreSQL (`--database`).
    public let database: any Store
    let httpClient: HTTPClient
    let avatars: AvatarCache
    let tokenFile: TokenFile
    let live: LiveHub
    private let current: CurrentExplorer
    let hostPolicy: HostPolicy
    let trustedProxies: TrustedProxies
    let sessions = SessionCache()
    let signInGate = SignInGate()
    private let listening: Mutex<(port: Int, signInBase: String?)>
    /// With accounts: seals each account's token at rest.
    let vault: TokenVault?
    /// With accounts: an explorer per signed-in login, over that account's own token.
    private let accountExplorers = Mutex<[String: Explorer]>([:])

    /// Where the next background round of update checks starts.
    let updatesResume = Mutex(0)
    /// The layers between use cases and GitHub, stacked once for every token in use.
    let stack: GitHubStack

    /// Opens the store `settings` name (PostgreSQL with `--database`, else SQLite) and stacks the rest.
    public static func open(settings: WebSettings, httpClient: HTTPClient) async throws -> WebServices {
        guard let url = settings.databaseURL else { return try WebServices(settings: settings, httpClient: httpClient) }
        let store = try await PostgresStore.open(url: url)
        return try WebServices(settings: settings, httpClient: httpClient, store: store)
    }

    /// Over SQLite in the data directory, or over `store` when given.
    public init(settings: WebSettings, httpClient: HTTPClient, store: (any Store)? = nil) throws {
        self.settings = settings
        self.httpClient = httpClient
        hostPolicy = HostPolicy(boundHost: settings.host, allowedHosts: settings.allowedHosts)
        trustedProxies = TrustedProxies(settings.trustedProxies)
        listening = Mutex((settings.port, nil))
        // Avatar files stay on this server's disk, indexed by its own SQLite file, whatever the store.
        let local = try AppDatabase.open(directory: settings.dataDirectory)
        database = store ?? local
        stack = GitHubStack(environment: settings.environment, database: database, httpClient: httpClient, logger: settings.logger)
        tokenFile = TokenFile(directory: settings.configDirectory)
        vault = settings.accounts ? try TokenVault.open(directory: settings.configDirectory) : nil
        let token = settings.environmentToken?.token ?? (try? tokenFile.read()) ?? nil
        current = CurrentExplorer(stack.explorer(token: token))
        let explorers = current
        // Live counts and the background checks split the live share: together they never spend more.
        live = LiveHub(budget: LiveBudget(share: settings.liveShare / 2, minimumInterval: settings.liveInterval)) { explorers.value }
        let client = httpClient
        let timeout = settings.timeout
        avatars = AvatarCache(
            database: local,
            directory: settings.dataDirectory.appendingPathComponent("avatars"),
            maximumBytes: settings.avatarBytes
        ) { url in try await AvatarDownload.fetch(url, client: client, timeout: timeout) }
    }

    /// The explorer for the server's own token (or none): a server without accounts, guests, and
    /// live checks use it.
    var explorer: Explorer { current.value }

    /// The explorer for whoever made the request: with accounts, the signed-in account's token.
    func explorer(for context: WebContext) async -> Explorer {
        guard vault != nil, !context.account.isEmpty, context.account != SignInMiddleware.guest else { return explorer }
        if let cached = accountExplorers.withLock({ $0[context.account.lowercased()] }) { return cached }
        guard let token = await accountToken(login: context.account) else { return explorer }
        let made = stack.explorer(token: token)
        accountExplorers.withLock { $0[context.account.lowercased()] = made }
        return made
    }

    /// The token `login` signed in with, unsealed.
    func accountToken(login: String) async -> String? {
        guard let vault, let record = try? await database.account(login: login) else { return nil }
        return vault.unseal(record.sealedToken)
    }

    /// Forgets the explorer of `login` (signed in again with another token, or removed).
    func forgetExplorer(login: String) {
        _ = accountExplorers.withLock { $0.removeValue(forKey: login.lowercased()) }
    }

    /// The favourites of the one user of a server without accounts.
    var favorites: Favorites { Favorites(explorer: explorer, database: database) }

    /// The favourites of whoever made the request.
    func favorites(for context: WebContext) async -> Favorites {
        Favorites(explorer: await explorer(for: context), database: database, account: context.account)
    }

    /// Stars on GitHub for whoever made the request: their own token with accounts, else the server's.
    func stars(for context: WebContext) async -> GitHubStars {
        let hasToken: Bool
        if vault != nil {
            let signedIn = context.account != SignInMiddleware.guest && !context.account.isEmpty
            hasToken = signedIn ? await accountToken(login: context.account) != nil : false
        } else {
            hasToken = settings.environmentToken != nil || storedTokenExists
        }
        return GitHubStars(favorites: await favorites(for: context), hasToken: hasToken)
    }

    /// A client that always asks GitHub, for checking a token.
    func networkClient(token: String?) -> GitHubClient {
        stack.networkClient(token: token)
    }

    /// Saves (or, with nil, deletes) the token and switches to it unless the environment's wins.
    func useStoredToken(_ token: String?) throws(StoreError) {
        if let token { try tokenFile.write(token) } else { try tokenFile.delete() }
        let effective = settings.environmentToken?.token ?? token
        current.value = stack.explorer(token: effective)
    }

    /// Who made the request: its peer, or behind a trusted proxy the client the proxy names.
    func client(_ request: Request, context: WebContext) -> ClientAddress {
        trustedProxies.client(peer: context.remoteAddress, forwardedFor: Self.values("X-Forwarded-For", in: request))
    }

    /// Whether the request reached us over HTTPS (a trusted proxy said so): cookies are then `Secure`.
    func isHTTPS(_ request: Request, context: WebContext) -> Bool {
        trustedProxies.isHTTPS(peer: context.remoteAddress, forwardedProto: Self.values("X-Forwarded-Proto", in: request))
    }

    /// Every value of the field `name` in `request`, in order.
    static func values(_ name: String, in request: Request) -> [String] {
        HTTPField.Name(name).map { request.headers[values: $0] } ?? []
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

/// The explorer for the token in use, swapped when Settings changes the token.
final class CurrentExplorer: Sendable {
    private let explorer: Mutex<Explorer>

    init(_ explorer: Explorer) {
        self.explorer = Mutex(explorer)
    }

    var value: Explorer {
        get { explorer.withLock { $0 } }
        set { explorer.withLock { $0 = newValue } }
    }
}
