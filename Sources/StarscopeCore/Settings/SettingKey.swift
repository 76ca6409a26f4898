/// One setting: its name in the configuration file (flat, camelCase), from which
/// swift-configuration derives its variable (`liveInterval` is `STARSCOPE_LIVE_INTERVAL`), and
/// what kind of value it takes. `SettingKey.all` is every setting the flags, variables and file
/// may hold.
public struct SettingKey: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        case text, number, flag, list
    }

    public let name: String
    public let kind: Kind
    /// Shown as set or unset, never as it is (`config show`).
    public let isSecret: Bool

    init(_ name: String, _ kind: Kind, secret: Bool = false) {
        self.name = name
        self.kind = kind
        self.isSecret = secret
    }

    public var description: String { name }

    /// The variable that holds it.
    public var variable: String {
        var words = "STARSCOPE_"
        for character in name {
            if character.isUppercase { words += "_" }
            words += character.uppercased()
        }
        return words
    }
}

extension SettingKey {
    // Everywhere.
    public static let apiUrl = SettingKey("apiUrl", .text)
    public static let dataDir = SettingKey("dataDir", .text)
    public static let configDir = SettingKey("configDir", .text)
    public static let timeout = SettingKey("timeout", .number)
    public static let searchFreshness = SettingKey("searchFreshness", .number)
    public static let logLevel = SettingKey("logLevel", .text)
    public static let logFormat = SettingKey("logFormat", .text)
    /// The web app `repo --web` opens pages in.
    public static let appUrl = SettingKey("appUrl", .text)
    // `serve`.
    public static let host = SettingKey("host", .text)
    public static let port = SettingKey("port", .number)
    public static let allowedHosts = SettingKey("allowedHosts", .list)
    public static let trustedProxies = SettingKey("trustedProxies", .list)
    public static let requireSignin = SettingKey("requireSignin", .flag)
    public static let accounts = SettingKey("accounts", .flag)
    public static let allowLogins = SettingKey("allowLogins", .list)
    public static let guests = SettingKey("guests", .flag)
    public static let publicEmbeds = SettingKey("publicEmbeds", .flag)
    /// The part of the server token's hourly limit that embeds anyone may load spend (0.1).
    public static let embedShare = SettingKey("embedShare", .number)
    public static let databaseUrl = SettingKey("databaseUrl", .text, secret: true)
    public static let metrics = SettingKey("metrics", .flag)
    public static let metricsToken = SettingKey("metricsToken", .text, secret: true)
    public static let avatarCacheMb = SettingKey("avatarCacheMb", .number)
    public static let liveInterval = SettingKey("liveInterval", .number)
    public static let liveShare = SettingKey("liveShare", .number)
    public static let updatesInterval = SettingKey("updatesInterval", .number)
    public static let idleTimeout = SettingKey("idleTimeout", .number)
    public static let requestTimeout = SettingKey("requestTimeout", .number)
    public static let minRate = SettingKey("minRate", .number)
    public static let streamLifetime = SettingKey("streamLifetime", .number)
    public static let maxConnectionsPerAddress = SettingKey("maxConnectionsPerAddress", .number)
    public static let maxConnections = SettingKey("maxConnections", .number)
    public static let maxStreamsPerAddress = SettingKey("maxStreamsPerAddress", .number)
    public static let maxStreams = SettingKey("maxStreams", .number)

    /// Every setting, in the order `config show` lists them.
    public static let all: [SettingKey] = [
        apiUrl, dataDir, configDir, timeout, searchFreshness, logLevel, logFormat, appUrl, host, port, allowedHosts, trustedProxies,
        requireSignin, accounts, allowLogins, guests, publicEmbeds, embedShare, databaseUrl, metrics, metricsToken, avatarCacheMb,
        liveInterval,
        liveShare, updatesInterval, idleTimeout, requestTimeout, minRate, streamLifetime, maxConnectionsPerAddress, maxConnections,
        maxStreamsPerAddress, maxStreams,
    ]
}
