import Foundation
import Logging

/// How `starscope serve` was started.
public struct WebSettings: Sendable {
    /// What `--allowed-host` takes: a host name or IP address, optionally with `:PORT` (the same
    /// parsing the host check applies to `Host`).
    public static func isValidAllowedHost(_ text: String) -> Bool {
        Authority(Substring(text)) != nil
    }

    /// Sign-in is required for any address but loopback: others can be reached from the network.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Where diagnostics go (never tokens); quiet by default.
    public var logger = Logger(label: "starscope.web")
    public var host: String
    public var port: Int
    /// GitHub's API, `https://api.github.com` or `https://HOST/api/v3`.
    public var apiURL: URL
    public var dataDirectory: URL
    public var configDirectory: URL
    /// `GH_TOKEN` / `GITHUB_TOKEN`, which win over the token saved in Settings.
    public var environmentToken: (name: String, token: String)?
    public var timeout: Duration
    public var searchFreshness: Double
    /// Bytes of avatars kept on disk.
    public var avatarBytes: Int
    /// Answer from the store only.
    public var offline: Bool
    /// The shortest wait between live re-checks, in seconds.
    public var liveInterval: Double
    /// The share of the remaining rate limit live re-checks may spend.
    public var liveShare: Double
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
    /// Seconds a connection may stay idle, or take to send a request's head, before it is closed.
    public var idleTimeout: Double = 15
    /// Seconds a form's body may take to arrive.
    public var bodyTimeout: Double = 30
    /// Where sign-in links go: `serve` prints them on standard output.
    public var announceSignInLink: @Sendable (String) -> Void = { _ in }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        apiURL: URL,
        dataDirectory: URL,
        configDirectory: URL,
        environmentToken: (name: String, token: String)? = nil,
        timeout: Duration = .seconds(30),
        searchFreshness: Double = 60,
        avatarBytes: Int = 100 * 1024 * 1024,
        offline: Bool = false,
        liveInterval: Double = 60,
        liveShare: Double = 0.5
    ) {
        self.offline = offline
        self.liveInterval = liveInterval
        self.liveShare = liveShare
        self.host = host
        self.port = port
        self.apiURL = apiURL
        self.dataDirectory = dataDirectory
        self.configDirectory = configDirectory
        self.environmentToken = environmentToken
        self.timeout = timeout
        self.searchFreshness = searchFreshness
        self.avatarBytes = avatarBytes
    }
}
