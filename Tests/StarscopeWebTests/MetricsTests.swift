import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import StarscopeCore
import Synchronization
import Testing

@testable import StarscopeWeb

/// `serve --metrics`: Prometheus' text at `/metrics` for loopback and trusted proxies, through
/// swift-metrics; and one log line a request.
@Suite struct MetricsTests {
    @Test func metricsHoldEverySeriesAfterAFewPagesAndNoNames() async throws {
        // In process (no peer address): the token lets the test read them.
        let token = "metrics-token-for-the-test-0123"
        try await WebHarness.run(configure: {
            $0.metrics = true; $0.metricsToken = token
        }) { web in
            let items = try await web.services.reading.lists.trendingPage(TrendingQuery(timeframe: .week), page: 1).items
            let repository = try #require(items.first)
            #expect(try await web.page("/").status == .ok)
            #expect(try await web.page("/").status == .ok)
            #expect(try await web.page("/repos/\(repository.fullName)").status == .ok)
            #expect(try await web.page("/no/such/page/here").status == .notFound)
            let response = try await web.get("/metrics", headers: [.authorization: "Bearer \(token)"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(buffer: response.body)
            for series in [
                #"starscope_http_requests_total{route="/",status="200"} 2"#,
                #"starscope_http_requests_total{route="/repos/{owner}/{name}",status="200"} 1"#,
                #"starscope_http_request_duration_seconds_bucket{route="/",le="+Inf"} 2"#,
                #"starscope_github_requests_total{resource="search",status="200"}"#,
                #"starscope_github_rate_limit_remaining{resource="search"}"#,
                #"starscope_cache_answers_total{outcome="asked"}"#,
                #"starscope_cache_answers_total{outcome="fresh"}"#,
                "starscope_live_streams 0",
                "starscope_database_up 1",
            ] {
                #expect(text.contains(series), "\(series) missing from:\n\(text)")
            }
            // A route's pattern, never the path: no repository's name, nor the path nothing matched.
            #expect(!text.contains(repository.fullName))
            #expect(!text.contains("/no/such"))
            // Every metric has its help and its type (promtool asks for both: the system test runs it).
            let names = Set(
                text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
                    line.split(whereSeparator: { $0 == "{" || $0 == " " }).first.map(String.init)
                })
            for name in names {
                let family = ["_bucket", "_sum", "_count"].reduce(name) { $0.hasSuffix($1) ? String($0.dropLast($1.count)) : $0 }
                #expect(text.contains("# HELP \(family) "), "\(family) has no help")
                #expect(text.contains("# TYPE \(family) "), "\(family) has no type")
            }
        }
    }

    @Test func aRequestAProxyRelayedFromElsewhereIsRefusedUnlessItHasTheToken() async throws {
        let token = "s3cret-metrics-token-0123456789"
        try await WebHarness.run(
            live: true,
            configure: {
                $0.metrics = true; $0.metricsToken = token
            }
        ) { web in
            #expect(try await web.get("/metrics").status == .ok)
            let relayed: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "203.0.113.7"]
            let refused = try await web.get("/metrics", headers: relayed)
            #expect(refused.status == .notFound)
            #expect(!String(buffer: refused.body).contains("starscope_"))
            var withToken = relayed
            withToken[.authorization] = "Bearer \(token)"
            #expect(try await web.get("/metrics", headers: withToken).status == .ok)
            withToken[.authorization] = "Bearer \(token.dropLast())x"
            #expect(try await web.get("/metrics", headers: withToken).status == .notFound)
        }
    }

    @Test func withoutTheFlagThereIsNoMetricsPage() async throws {
        try await WebHarness.run(configure: { $0.metricsToken = "metrics-token-for-the-test-0123" }) { web in
            let page = try await web.page("/")
            #expect(page.status == .ok)
            let metrics = try await web.get("/metrics", headers: [.authorization: "Bearer metrics-token-for-the-test-0123"])
            #expect(metrics.status == .notFound)
            // The sentence an error page hands the log line never leaves the server, logged or not.
            #expect(metrics.headers[HTTPField.Name("x-starscope-log-error")!] == nil)
        }
    }

    @Test func onlyLoopbackAndTrustedNetworksMayRead() throws {
        let proxies = TrustedProxies([try #require(IPNetwork("10.0.0.0/8"))])
        func may(_ peer: String, _ hops: [String] = [], authorization: String? = nil) -> Bool {
            MetricsController.admits(
                peer: IPNetwork.bytes(peer), forwardedFor: hops, authorization: authorization, proxies: proxies,
                token: "0123456789abcdef")
        }
        #expect(may("127.0.0.1"))
        #expect(may("127.8.9.10"))
        #expect(may("::1"))
        #expect(may("::ffff:127.0.0.1"))
        #expect(may("10.1.2.3"))
        #expect(may("10.1.2.3", ["10.9.9.9, 127.0.0.1"]))
        #expect(!may("192.0.2.2"))
        #expect(!may("2001:db8::1"))
        #expect(!may("10.1.2.3", ["198.51.100.4"]))
        #expect(!may("127.0.0.1", ["not an address"]))
        #expect(may("192.0.2.2", authorization: "Bearer 0123456789abcdef"))
        #expect(may("192.0.2.2", authorization: "bearer 0123456789abcdef"))
        #expect(!may("192.0.2.2", authorization: "Bearer 0123456789abcdeF"))
        #expect(!may("192.0.2.2", authorization: "Basic 0123456789abcdef"))
    }

    @Test func everyRequestIsLoggedOnceWithItsRouteStatusAndDurationNeverItsQuery() async throws {
        let lines = CapturedLines()
        let logger = Logger(label: "test", factory: { _ in CapturingLogHandler(lines: lines) })
        try await WebHarness.run(configure: { $0.logger = logger }) { web in
            let page = try await web.page("/")
            #expect(page.status == .ok)
            #expect(try await web.page("/signin?code=SECRETCODE123").status != .internalServerError)
            let missing = try await web.get("/no/such/page")
            #expect(missing.status == .notFound)
            #expect(missing.headers[HTTPField.Name("x-starscope-log-error")!] == nil)
        }
        let logged = lines.value.withLock { $0 }.filter { $0.2["route"] != nil }
        #expect(logged.count == 3)
        for (level, message, metadata) in logged {
            #expect(level == .info)
            #expect(!message.contains("SECRETCODE") && !"\(metadata)".contains("SECRETCODE"))
            #expect(metadata["status"] != nil && metadata["duration"] != nil && metadata["method"] == "GET")
            #expect(metadata["hb.request.id"] != nil)
        }
        #expect(logged.map { $0.2["route"]?.description } == ["/", "/signin", "NotFound"])
        #expect(logged.last?.2["error"] == "There is no page at this address.")
    }
}

final class CapturedLines: Sendable {
    let value = Mutex<[(Logger.Level, String, Logger.Metadata)]>([])
}

/// Keeps every line logged at any level.
struct CapturingLogHandler: LogHandler {
    let lines: CapturedLines
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        lines.value.withLock { $0.append((event.level, event.message.description, merged)) }
    }
}
