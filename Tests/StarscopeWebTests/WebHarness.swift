import AsyncHTTPClient
import FakeGitHub
import Foundation
import GitHubAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StarscopeCLI
import StarscopeCore
import StarscopeSQLite
import StarscopeStore
import StarscopeTestSupport
import StarscopeWeb
import Testing

@testable import StarscopePostgres

/// The web app in process (HummingbirdTesting's router framework) with the fake GitHub behind it.
struct WebHarness {
    let fake: FakeGitHub
    let services: WebServices
    let client: any TestClientProtocol

    static func run(
        _ configuration: FakeGitHub.Configuration = smallWorld(),
        searchFreshness: Double = 60,
        liveInterval: Double = 60,
        token: String? = nil,
        requireSignIn: Bool = false,
        accounts: Bool = false,
        allowedLogins: [String] = [],
        guests: Bool = false,
        store: StoreKind = .sqlite,
        publicEmbeds: Bool = false,
        home given: URL? = nil,
        live: Bool = false,
        configure: @Sendable (inout WebSettings) -> Void = { _ in },
        _ body: @Sendable (WebHarness) async throws -> Void
    ) async throws {
        // A given home is kept (the caller removes it), so a second run reopens the same database.
        let home = given ?? FileManager.default.temporaryDirectory.appendingPathComponent("starscope-web-\(UUID().uuidString)")
        defer { if given == nil { try? FileManager.default.removeItem(at: home) } }
        try await FakeGitHub.with(configuration) { fake, url in
            try await HTTPClient.withHTTPClient(configuration: HTTPTransport.httpClientConfiguration(timeout: .seconds(12))) { http in
                // In process, requests name `localhost` without a port, that is port 80.
                // The same path `serve` takes: options and variables read by `StarscopeEnvironment`.
                var variables = [
                    "STARSCOPE_API_URL": url.absoluteString, "STARSCOPE_DATA_DIR": home.appendingPathComponent("data").path,
                    "STARSCOPE_CONFIG_DIR": home.appendingPathComponent("config").path, "STARSCOPE_TIMEOUT": "12",
                    "STARSCOPE_SEARCH_FRESHNESS": "\(searchFreshness)", "STARSCOPE_LIVE_INTERVAL": "\(liveInterval)",
                    // Quiet in process (`serve` logs each request at info unless told otherwise).
                    "STARSCOPE_LOG_LEVEL": "critical",
                ]
                variables["GH_TOKEN"] = token
                // `live`: over real sockets on a free port (the peer is 127.0.0.1), where the
                // test client names `localhost` without a port.
                var settings = WebSettings(environment: try StarscopeEnvironment(variables: variables), port: live ? 0 : 80)
                settings.requireSignIn = requireSignIn || accounts
                settings.accounts = accounts
                settings.allowedLogins = allowedLogins
                settings.guests = guests
                settings.publicEmbeds = publicEmbeds
                if live { settings.allowedHosts = ["localhost"] }
                // Each test runs the rounds it means to: one the clock starts 30 s in (a busy
                // machine stretches a test that long) would ask GitHub in the middle of its counts.
                settings.backgroundRounds = false
                configure(&settings)
                // SQLite in the data directory, as `serve` opens it, or a fresh PostgreSQL database.
                let shared: (any Store)? = store == .postgres ? try await store.make() : nil
                defer { (shared as? PostgresStore)?.close() }
                let services = try ServeAssembly.services(
                    settings: settings, httpClient: http, store: shared ?? AppDatabase.open(directory: settings.dataDirectory))
                let app = buildApplication(services: services)
                try await app.test(live ? .live : .router) { client in
                    try await body(WebHarness(fake: fake, services: services, client: client))
                }
            }
        }
    }

    static func smallWorld() -> FakeGitHub.Configuration {
        var configuration = FakeGitHub.Configuration()
        configuration.accountCount = 60
        configuration.repositoryCount = 1_500
        return configuration
    }

    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: headers)
    }

    /// A page's text.
    func page(_ uri: String) async throws -> (status: HTTPResponse.Status, html: String, response: TestResponse) {
        let response = try await get(uri)
        return (response.status, String(buffer: response.body), response)
    }

    /// A CSRF cookie and token from a first visit.
    func csrf(session: String? = nil) async throws -> (cookie: String, token: String) {
        let response = try await get("/", headers: session.map { [.cookie: $0] } ?? [:])
        let setCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("starscope_csrf=") })
        let pair = try #require(setCookie.split(separator: ";").first)
        let token = try #require(pair.split(separator: "=").last)
        return (String(pair), String(token))
    }

    func post(_ uri: String, form: [String: String], cookie: String?, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = extra
        headers[.contentType] = "application/x-www-form-urlencoded"
        if let cookie { headers[.cookie] = cookie }
        let body = form.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(
            separator: "&")
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }
}
