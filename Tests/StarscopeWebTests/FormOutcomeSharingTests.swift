import AsyncHTTPClient
import FakeGitHub
import Foundation
import GitHubAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StarscopeCLI
import StarscopeSQLite
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeWeb

/// Several instances behind one proxy: the line saying what a form did shows on whichever
/// instance serves the redirect, because it is kept in the store they share.
@Suite struct FormOutcomeSharingTests {
    @Test(arguments: StoreKind.allCases) func theLineSayingWhatAFormDidShowsOnAnotherInstance(store: StoreKind) async throws {
        try await WebHarness.run(store: store) { web in
            let (cookie, token) = try await web.csrf()
            let refused = try await web.post("/settings/token", form: ["token": "ghp_wrong_token_value", "csrf": token], cookie: cookie)
            #expect(refused.status == .seeOther)
            let location = try #require(refused.headers[.location])
            // A second instance over the same store (SQLite: its own connections to the same file).
            let second: any Store =
                store == .sqlite ? try AppDatabase.open(directory: web.services.settings.dataDirectory) : web.services.database
            try await HTTPClient.withHTTPClient(configuration: HTTPTransport.httpClientConfiguration(timeout: .seconds(12))) { http in
                let services = try ServeAssembly.services(settings: web.services.settings, httpClient: http, store: second)
                try await buildApplication(services: services).test(.router) { client in
                    let page = try await client.execute(uri: location, method: .get, headers: [.cookie: cookie])
                    #expect(page.status == .ok)
                    #expect(String(buffer: page.body).contains("rejected the token"))
                    // An id that was never kept says nothing, and neither does a kept id of another kind.
                    let id = try #require(location.components(separatedBy: "refused=").last)
                    let other = try await client.execute(uri: "/favorites?synced=\(id)", method: .get, headers: [.cookie: cookie])
                    #expect(!String(buffer: other.body).contains("starred repositor"))
                    let unknown = try await client.execute(uri: "/settings?refused=0-0", method: .get, headers: [.cookie: cookie])
                    #expect(!String(buffer: unknown.body).contains("rejected the token"))
                }
            }
        }
    }
}
