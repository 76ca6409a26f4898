import Foundation

/// What guards every connection and request: the host names this server answers to, the proxies
/// it trusts, `/live` streams per client and in all, embeds per client, and the sessions it knows.
struct Guards: Sendable {
    let hostPolicy: HostPolicy
    let trustedProxies: TrustedProxies
    let streams: StreamAllowance
    /// Embeds kept, names GitHub did not know, and new drawings per client (`--public-embeds`).
    let embeds = EmbedGuard()
    let sessions = SessionCache()

    init(settings: WebSettings) {
        hostPolicy = HostPolicy(boundHost: settings.host, allowedHosts: settings.allowedHosts)
        trustedProxies = TrustedProxies(settings.trustedProxies)
        var limits = settings.streams
        let connections = settings.connections.total(descriptorLimit: ConnectionLimits.descriptorLimit())
        // The server's streams take at most half its connections.
        limits.total = max(1, min(limits.total, connections / 2))
        streams = StreamAllowance(limits: limits)
    }
}
