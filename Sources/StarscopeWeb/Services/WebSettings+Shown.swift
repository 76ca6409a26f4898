import Foundation
import Logging
import StarscopeCore

extension WebSettings {
    /// The value in force of `key`, as `starscope config show` prints it: secrets as set or unset.
    public func shown(_ key: SettingKey) -> String {
        if key.isSecret { return (key == .databaseUrl ? databaseURL : metricsToken) == nil ? "unset" : "set" }
        switch key {
        case .apiUrl: return URLText.hidingUserinfo(apiURL.absoluteString)
        case .dataDir: return dataDirectory.path
        case .configDir: return configDirectory.path
        case .timeout: return Self.number(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        case .searchFreshness: return Self.number(environment.searchFreshness)
        case .logLevel: return "\(logger.logLevel)"
        case .logFormat: return environment.logFormat.rawValue
        case .appUrl: return URLText.hidingUserinfo(environment.settings.text(.appUrl) ?? "http://127.0.0.1:8080")
        case .host: return host
        case .port: return String(port)
        case .allowedHosts: return allowedHosts.joined(separator: ",")
        case .trustedProxies: return trustedProxies.map(\.description).joined(separator: ",")
        case .requireSignin: return String(requireSignIn)
        case .accounts: return String(accounts)
        case .allowLogins: return allowedLogins.joined(separator: ",")
        case .guests: return String(guests)
        case .publicEmbeds: return String(publicEmbeds)
        case .embedShare: return Self.number(embedShare)
        case .metrics: return String(metrics)
        case .avatarCacheMb: return Self.number(Double(avatarBytes) / 1_048_576)
        case .liveInterval: return Self.number(liveInterval)
        case .liveShare: return Self.number(liveShare)
        case .updatesInterval: return Self.number(updatesInterval)
        case .idleTimeout: return Self.number(connections.idleTimeout)
        case .requestTimeout: return Self.number(connections.requestTimeout)
        case .minRate: return Self.number(connections.minimumRate)
        case .streamLifetime: return Self.number(connections.streamLifetime)
        case .maxConnectionsPerAddress: return String(connections.perAddress)
        case .maxConnections: return String(connections.maximumTotal)
        case .maxStreamsPerAddress: return String(streams.perAddress)
        case .maxStreams: return String(streams.total)
        default: return ""
        }
    }

    /// `60`, not `60.0`; `0.5` as it is.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
