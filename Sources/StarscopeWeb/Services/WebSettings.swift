import Foundation
import Logging
import StarscopeCore

/// How `starscope serve` was started: the shared environment plus what only the server needs.
public struct WebSettings: Sendable {
    /// What `--allowed-host` takes: a host name or IP address, optionally with `:PORT` (the same
    /// parsing the host check applies to `Host`).
    public static func isValidAllowedHost(_ text: String) -> Bool {
        Authority(Substring(text)) != nil
    }

    /// What `--trusted-proxy` takes: an IPv4 or IPv6 network in CIDR form, or one address.
    public static func isValidTrustedProxy(_ text: String) -> Bool {
        IPNetwork(text) != nil
    }

    /// Sign-in is required for any address but loopback: others can be reached from the network.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// The options and variables, read once (`StarscopeEnvironment`).
    public var environment: StarscopeEnvironment
    /// Where diagnostics go (never tokens); quiet by default.
    public var logger: Logger
    public var host: String
    public var port: Int
    /// Bytes of avatars kept on disk (`STARSCOPE_AVATAR_CACHE_MB`, 100).
    public var avatarBytes: Int
    /// The shortest wait between live re-checks, in seconds (`STARSCOPE_LIVE_INTERVAL`, 60).
    public var liveInterval: Double
    /// The share of the remaining rate limit live re-checks may spend (`STARSCOPE_LIVE_SHARE`, 0.5).
    public var liveShare: Double
    /// The bounds on every connection: time-outs, minimum rate, and how many (`ConnectionLimits`).
    public var connections: ConnectionLimits
    /// Seconds between background checks of favourites for updates (`STARSCOPE_UPDATES_INTERVAL`, 900).
    public var updatesInterval: Double
    /// A PostgreSQL address (`--database` or `STARSCOPE_DATABASE_URL`): the store several
    /// instances share. Nil: SQLite in the data directory.
    public var databaseURL: String?
    /// Seconds a form's body may take to arrive.
    public var bodyTimeout: Double = 30
    /// Whether the server runs its background rounds on its own (`BackgroundChecks`). In-process
    /// tests turn them off and run each round when they mean to, so that a round the clock starts
    /// never lands in the middle of what a test counts.
    public var backgroundRounds = true
    /// How long a detail waits for GitHub to say whether it is starred before it is sent without
    /// knowing (the button then offers to star: starring twice changes nothing).
    public var starStateWait: Duration = .milliseconds(500)
    /// Names besides this machine's addresses that `Host` may carry (`--allowed-host`), such as
    /// the name a reverse proxy forwards.
    public var allowedHosts: [String] = []
    /// Require signing in with a one-time link (`--require-signin`, and always when bound to an
    /// address other than loopback).
    public var requireSignIn = false
    /// Several people share the server (`--accounts`): each signs in with their own token and
    /// has their own favourites, token and theme.
    public var accounts = false
    /// With accounts, the only logins that may sign in (`--allow-login`); empty allows any.
    public var allowedLogins: [String] = []
    /// With accounts, people without a token may browse read-only on the server's budget.
    public var guests = false
    /// The star-history SVGs open to anyone, without sign-in (`--public-embeds`): public repositories only.
    public var publicEmbeds = false
    /// The part of the server token's hourly limit that new embed drawings may spend, counted in
    /// requests to GitHub (`STARSCOPE_EMBED_SHARE`, 0.1).
    public var embedShare = 0.1
    /// With accounts (`--reset-accounts`): end every session and drop every sealed token at start,
    /// so that a lost or replaced `accounts.key` can be replaced; everyone signs in again.
    public var resetAccounts = false
    /// With guests, at most this many guest sessions are kept; a new one ends the oldest.
    public var maximumGuestSessions = 1_000
    /// `/live` streams per client address and in all (`StreamAllowance`).
    var streams = StreamAllowance.Limits()
    /// Proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`--trusted-proxy`);
    /// from any other peer those headers are ignored.
    public var trustedProxies: [IPNetwork] = []
    /// `GET /metrics` in Prometheus' format (`--metrics`), for loopback and trusted proxies.
    public var metrics = false
    /// With metrics, a bearer token that lets any address read them (`--metrics-token`, else
    /// `STARSCOPE_METRICS_TOKEN`).
    public var metricsToken: String?
    /// Where sign-in links go: `serve` prints them on standard output.
    public var announceSignInLink: @Sendable (String) -> Void = { _ in }

    /// `host` and `port` from the settings (`--host`, `STARSCOPE_HOST`, the file's `host`) unless given.
    public init(environment: StarscopeEnvironment, host: String? = nil, port: Int? = nil) {
        self.environment = environment
        self.host = host ?? environment.settings.text(.host) ?? "127.0.0.1"
        self.port = port ?? Int(environment.number(.port, default: 8080, within: 0...65_535))
        // As Hummingbird's and Vapor's templates: its start, a line per request, warnings and errors.
        logger = environment.logger("starscope.web", fallback: .info)
        avatarBytes = Int(environment.number(.avatarCacheMb, default: 100, within: 0...1_000_000) * 1024 * 1024)
        liveInterval = environment.number(.liveInterval, default: 60, within: 0.1...86_400)
        liveShare = environment.number(.liveShare, default: 0.5, within: 0...1)
        connections = ConnectionLimits()
        connections.idleTimeout = environment.number(.idleTimeout, default: 15, within: 1...86_400)
        connections.requestTimeout = environment.number(.requestTimeout, default: 30, within: 1...86_400)
        connections.minimumRate = environment.number(.minRate, default: 500, within: 0...1e9)
        connections.streamLifetime = environment.number(.streamLifetime, default: 3600, within: 1...31_536_000)
        connections.perAddress = Int(environment.number(.maxConnectionsPerAddress, default: 512, within: 1...1e6))
        connections.maximumTotal = Int(environment.number(.maxConnections, default: 10_000, within: 1...1e6))
        streams.perAddress = Int(environment.number(.maxStreamsPerAddress, default: 64, within: 1...1e6))
        streams.total = Int(environment.number(.maxStreams, default: 1_024, within: 1...1e6))
        updatesInterval = environment.number(.updatesInterval, default: 900, within: 5...31_536_000)
        let settings = environment.settings
        databaseURL = settings.text(.databaseUrl)
        metricsToken = settings.text(.metricsToken)
        metrics = settings.flag(.metrics)
        allowedHosts = settings.list(.allowedHosts)
        trustedProxies = settings.list(.trustedProxies).compactMap(IPNetwork.init)
        requireSignIn = settings.flag(.requireSignin) || settings.flag(.accounts) || !Self.isLoopback(self.host)
        accounts = settings.flag(.accounts)
        allowedLogins = settings.list(.allowLogins)
        guests = settings.flag(.guests)
        publicEmbeds = settings.flag(.publicEmbeds)
        embedShare = environment.number(.embedShare, default: 0.1, within: 0...1)
    }

    public var apiURL: URL { environment.apiURL }
    /// How often favourites are checked in the background; nil offline.
    var checkInterval: Double? { environment.offline ? nil : updatesInterval }
    public var dataDirectory: URL { environment.dataDirectory }
    public var configDirectory: URL { environment.configDirectory }
    public var environmentToken: EnvironmentToken? { environment.environmentToken }
    public var timeout: Duration { environment.timeout }
}
