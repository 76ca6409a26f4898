import CoreMetrics
import Prometheus
import StarscopeCore

/// `serve --metrics`: what the server does, as swift-metrics counters, gauges and timers in one
/// Prometheus registry, read at `GET /metrics` (`MetricsController`). Without `--metrics`
/// nothing is recorded and the route does not exist.
///
/// Labels hold route patterns, statuses, buckets and a few fixed words: never a raw path, a
/// token, a login or a repository's name.
struct WebMetrics: Sendable {
    let factory: any MetricsFactory
    /// Nil when metrics are off.
    let registry: PrometheusCollectorRegistry?

    init(enabled: Bool) {
        if enabled {
            let registry = PrometheusCollectorRegistry()
            self.registry = registry
            factory = PrometheusFactory(registry: registry, help: Self.help)
        } else {
            registry = nil
            factory = NOOPMetricsHandler.instance
        }
    }

    static let help: [String: String] = [
        "starscope_http_requests_total": "Requests answered, by route pattern and status.",
        "starscope_http_request_duration_seconds": "Seconds from a request's arrival to the end of its answer, by route pattern.",
        "starscope_github_requests_total":
            "Requests sent to GitHub, by rate-limit bucket and status (or timeout, unreachable, too_large, error).",
        "starscope_github_rate_limit_remaining": "Requests the server's own token has left in each rate-limit bucket, as GitHub last said.",
        "starscope_cache_answers_total":
            "Answers of the GitHub cache by outcome: fresh (GitHub not asked), revalidated (304), asked, stale (a kept answer stood in), kept (offline).",
        "starscope_live_streams": "Live star-count streams open now.",
        "starscope_background_round_duration_seconds": "Seconds each background round took, by round.",
        "starscope_database_up": "Whether the store answered at the last scrape (1) or not (0).",
    ]

    /// What GitHub is asked and how the cache answers, in the same registry.
    var gitHub: GitHubMetrics { GitHubMetrics(factory: factory) }

    /// One answer, by the pattern of the route that took it (`unmatched` when none did).
    func served(route: String?, status: Int, took duration: Duration) {
        let route = route ?? "unmatched"
        Counter(label: "starscope_http_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory)
            .increment()
        Timer(label: "starscope_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// One background round (`updates`, `warm_up`, `breaking_out`).
    func round(_ name: String, took duration: Duration) {
        Timer(label: "starscope_background_round_duration_seconds", dimensions: [("round", name)], factory: factory)
            .recordNanoseconds(duration.nanoseconds)
    }

    /// The registry in Prometheus' text format, with the gauges read now.
    func exposition(liveStreams: Int, databaseUp: Bool) -> [UInt8] {
        guard let registry else { return [] }
        Gauge(label: "starscope_live_streams", factory: factory).record(liveStreams)
        Gauge(label: "starscope_database_up", factory: factory).record(databaseUp ? 1 : 0)
        return registry.emitToBuffer()
    }
}

extension Duration {
    /// Whole nanoseconds, saturating (a duration this long never comes from a clock).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, carried) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return carried ? .max : sum
    }
}
