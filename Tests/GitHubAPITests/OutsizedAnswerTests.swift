import AsyncHTTPClient
import FakeGitHub
import Foundation
import NIOCore
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import GitHubAPI

/// What GitHub (or something posing as it) can send beyond reason: counts past `Int`'s range or
/// below zero, and answers of tens of megabytes. Each is read as what it is and held, or refused
/// with one sentence, before anything after can trap or fill memory.
@Suite struct OutsizedAnswerTests {
    static func repository(stars: String, forks: String = "1", issues: String = "0") -> Data {
        Data(
            """
            {"id": 1, "name": "b", "full_name": "a/b", "owner": {"id": 2, "login": "a"}, "html_url": "https://github.com/a/b",
             "created_at": "2020-01-01T00:00:00Z", "stargazers_count": \(stars), "forks_count": \(forks),
             "open_issues_count": \(issues), "watchers_count": \(stars)}
            """.utf8)
    }

    @Test(arguments: [
        ("9000000000000000000", Count.maximum), ("-9223372036854775808", 0), ("9223372036854775807", Count.maximum),
        ("1e30", Count.maximum), ("-1e30", 0), ("12.7", 12), ("-1", 0), ("42", 42),
    ])
    func countsAreHeldAtTheEdge(text: String, expected: Int) throws {
        let repository = try JSONDecoder.gitHub().decode(Repository.self, from: Self.repository(stars: text, forks: text, issues: text))
        #expect(repository.stargazersCount == expected)
        #expect(repository.watchersCount == expected)
        #expect(repository.forksCount == expected)
        #expect(repository.openIssuesCount == expected)
        let profile = try JSONDecoder.gitHub().decode(
            Profile.self,
            from: Data(#"{"id": 3, "login": "c", "followers": \#(text), "following": \#(text), "public_repos": \#(text)}"#.utf8))
        #expect([profile.followers, profile.following, profile.publicRepos] as [Int] == [expected, expected, expected])
        let languages = try JSONDecoder.gitHub().decode(Languages.self, from: Data(#"{"C": \#(text), "Swift": \#(text)}"#.utf8))
        #expect(languages.totalBytes == 2 * expected)
        let search = try JSONDecoder.gitHub().decode(
            SearchResults<Repository>.self, from: Data(#"{"total_count": \#(text), "incomplete_results": false, "items": []}"#.utf8))
        #expect(search.totalCount == expected)
    }

    @Test func aRateLimitBodyOfAnyFiguresIsHeld() throws {
        let body = #"{"resources": {"core": {"limit": 9223372036854775807, "remaining": -1, "reset": 9223372036854775807}}}"#
        let overview = try JSONDecoder.gitHub().decode(RateLimitOverview.self, from: Data(body.utf8))
        let core = try #require(overview.resources["core"])
        #expect(core.limit == Count.maximum && core.remaining == 0 && core.used == Count.maximum)
        #expect(core.reset.timeIntervalSince1970 == Double(Count.latestEpochSecond))
        // And it encodes back (the store keeps it) without trapping on the reset.
        _ = try JSONEncoder.gitHub().encode(overview)
    }

    /// A 58 MB answer that says its length is refused before a byte of its body is read; one that
    /// does not is read only until it passes 10 MB. Either way: one sentence, and the client goes on.
    @Test(arguments: ["huge", "huge-chunked"])
    func anAnswerOverTenMegabytesIsRefusedWithOneSentence(fault: String) async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let repository = try #require(fake.dataset.repositories.first)
            let parts = repository.fullName.split(separator: "/").map(String.init)
            await fake.inject(try #require(Fault(name: fault, bytes: 58_000_000)), path: "/repos/\(repository.fullName)", count: 1)
            let error = await gitHubFailure { try await client.repository(owner: parts[0], name: parts[1]) }
            #expect(error == .tooLarge(limit: HTTPTransport.maximumBodySize))
            #expect(HTTPTransport.maximumBodySize == 10 << 20)
            #expect(GitHubError.tooLarge(limit: HTTPTransport.maximumBodySize).isTransient)
            // The next request on the same client is answered.
            #expect(try await client.repository(owner: parts[0], name: parts[1]).fullName == repository.fullName)
        }
    }

    /// The transport stops reading at the limit: at most one chunk past it is ever held, not 58 MB.
    @Test func theTransportStopsReadingAtTheLimit() async throws {
        try await FakeGitHub.with(smallFake()) { fake, url in
            await fake.inject(try #require(Fault(name: "huge-chunked", bytes: 58_000_000)), path: "/zen")
            try await HTTPClient.withHTTPClient(configuration: HTTPTransport.httpClientConfiguration(timeout: .seconds(20))) { http in
                var request = HTTPClientRequest(url: url.absoluteString + "/zen")
                request.headers.add(name: "User-Agent", value: "StarscopeTests")
                let response = try await http.execute(request, timeout: .seconds(20))
                #expect(response.status == .ok)
                let limit = HTTPTransport.maximumBodySize
                do {
                    _ = try await HTTPTransport.collect(response.body, expectedLength: nil, limit: limit)
                    Issue.record("a 58 MB body was read whole")
                } catch let error as HTTPTransport.BodyTooLarge {
                    print("58 MB answer: read \(error.bytesRead) bytes for a limit of \(limit), then stopped")
                    #expect(error.bytesRead > limit)
                    #expect(error.bytesRead <= limit + (1 << 20), "read \(error.bytesRead) bytes for a limit of \(limit)")
                }
            }
        }
    }
}
