import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import GitHubAPI

/// Redirects are followed only within the configured API, so the token never leaves it.
@Suite struct RedirectTests {
    static func exchange(_ path: String, status: Int, location: String? = nil, body: String = "{}") -> RecordedExchange {
        RecordedExchange(
            name: path, url: URL(string: "https://api.github.com" + path)!, status: status,
            headers: [("Content-Type", "application/json; charset=utf-8")] + (location.map { [("Location", $0)] } ?? []),
            body: Data(body.utf8))
    }

    static let repository =
        #"{"id":7,"name":"new","full_name":"o/new","owner":{"id":1,"login":"o"},"html_url":"https://github.com/o/new","created_at":"2024-01-01T00:00:00Z"}"#

    @Test(arguments: [301, 302, 307, 308])
    func redirectsWithinTheAPIAreFollowed(_ status: Int) async throws {
        let exchanges = [
            Self.exchange("/repos/o/old", status: status, location: "/repositories/7"),
            Self.exchange("/repositories/7", status: 200, body: Self.repository),
        ]
        try await ReplayServer.with(exchanges) { server, url in
            try await withClient(baseURL: url, token: "ghp_REDIRECTtoken000000000000000000000000") { client in
                let repository = try await client.repository(owner: "o", name: "old")
                #expect(repository.fullName == "o/new")
                #expect(server.requests == ["/repos/o/old", "/repositories/7"])
            }
        }
    }

    @Test func aRedirectToAnotherHostIsNotFollowed() async throws {
        let exchanges = [Self.exchange("/repos/o/old", status: 301, location: "https://evil.example/repositories/7")]
        try await ReplayServer.with(exchanges) { server, url in
            try await withClient(baseURL: url, token: "ghp_REDIRECTtoken000000000000000000000000") { client in
                let error = await gitHubFailure { try await client.repository(owner: "o", name: "old") }
                #expect(error == .foreignURL("https://evil.example/repositories/7"))
                #expect(server.requests == ["/repos/o/old"])
            }
        }
    }

    @Test func aRedirectOutOfTheAPIsPathIsNotFollowed() async throws {
        let exchanges = [Self.exchange("/api/v3/repos/o/old", status: 301, location: "/login?next=x")]
        try await ReplayServer.with(exchanges) { server, url in
            let base = try #require(URL(string: url.absoluteString + "/api/v3"))
            try await withClient(baseURL: base) { client in
                let error = await gitHubFailure { try await client.repository(owner: "o", name: "old") }
                guard case .foreignURL(let target)? = error else { throw RecordedAnswerTests.Unexpected(error) }
                #expect(target.hasSuffix("/login?next=x"))
                #expect(server.requests == ["/api/v3/repos/o/old"])
            }
        }
    }

    @Test func aRedirectLoopEnds() async throws {
        let exchanges = [Self.exchange("/repos/o/loop", status: 307, location: "/repos/o/loop")]
        try await ReplayServer.with(exchanges) { server, url in
            try await withClient(baseURL: url) { client in
                let error = await gitHubFailure { try await client.repository(owner: "o", name: "loop") }
                #expect(error == .unexpectedStatus(status: 307, message: "redirected more than \(HTTPTransport.maximumRedirects) times"))
                #expect(server.requests.count == HTTPTransport.maximumRedirects + 1)
            }
        }
    }

    @Test func onlyTheAPIsOriginAndPathAreWithin() throws {
        let base = try #require(URL(string: "https://ghe.example.com/api/v3"))
        let within = ["https://ghe.example.com/api/v3/repositories/1", "https://GHE.example.com:443/api/v3/repositories/1?page=2"]
        let outside = [
            "https://ghe.example.com/repositories/1", "https://ghe.example.com/api/v30/x", "http://ghe.example.com/api/v3/x",
            "https://ghe.example.com:8443/api/v3/x", "https://evil.example/api/v3/x", "https://ghe.example.com/api/v3/../login",
        ]
        for text in within { #expect(Redirect.staysWithin(base, try #require(URL(string: text))), "\(text)") }
        for text in outside { #expect(!Redirect.staysWithin(base, try #require(URL(string: text))), "\(text)") }
    }
}

/// Lists keep what can be read and count what cannot.
@Suite struct LossyListTests {
    struct Item: Decodable, Sendable, Equatable { var id: Int }

    @Test func undecodableItemsAreSkippedAndCounted() throws {
        let json = #"[{"id":1},{"id":"two"},{"name":"no id"},{"id":4},null,[1,2]]"#
        let list = try JSONDecoder().decode(LossyArray<Item>.self, from: Data(json.utf8))
        #expect(list.elements == [Item(id: 1), Item(id: 4)])
        #expect(list.skipped == 4)
    }

    @Test func aListOfWhichNothingCanBeReadIsRefused() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LossyArray<Item>.self, from: Data(#"[{"x":1},{"y":2}]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LossyArray<Item>.self, from: Data(#"{"items":[]}"#.utf8)) }
        #expect((try? JSONDecoder().decode(LossyArray<Item>.self, from: Data("[]".utf8)))?.elements == [])
    }

    @Test func searchItemsAreSkippedToo() throws {
        let json = #"{"total_count":3,"incomplete_results":false,"items":[{"id":1},{"id":false},{"id":3}]}"#
        let results = try JSONDecoder().decode(SearchResults<Item>.self, from: Data(json.utf8))
        #expect(results.items == [Item(id: 1), Item(id: 3)])
        #expect(results.skippedItems == 1)
    }
}
