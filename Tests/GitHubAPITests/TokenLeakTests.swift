import AsyncHTTPClient
import FakeGitHub
import Foundation
import StarscopeTestSupport
import Testing

@testable import GitHubAPI

/// A token with a control character is refused by name, and no error or log line ever holds a
/// header value, even when the token reaches the client without being checked.
@Suite struct TokenLeakTests {
    static let malformed = "ghp_abc\u{1}def"

    @Test(arguments: ["ghp_abc\u{1}def", "ghp_abc\ndef", "ghp abc", "ghp_\u{7F}", "ghp_café", ""])
    func tokensThatAreNotPrintableASCIIAreRefused(_ token: String) {
        #expect(!GitHubToken.isWellFormed(token))
        let refusal = GitHubToken.refusal(token, from: "GH_TOKEN")
        #expect(refusal?.hasPrefix("The token in GH_TOKEN ") == true)
        #expect(token.isEmpty || refusal?.contains(token) == false)
        #expect(refusal?.contains("\n") == false)
    }

    @Test func printableASCIITokensAreWellFormed() {
        for token in ["ghp_16C7e42F292c6912E7710c838347Ae178B4a", "github_pat_11AAAA_bbbb", "!~"] {
            #expect(GitHubToken.isWellFormed(token))
            #expect(GitHubToken.refusal(token, from: "GH_TOKEN") == nil)
        }
        #expect(GitHubToken.flaw(in: "a\u{1} b") == "a control character and a space")
    }

    @Test func malformedTokenIsNeverSentLoggedOrEchoed() async throws {
        let log = CapturedLog()
        let failure = try await FakeGitHub.with(smallFake()) { fake, url in
            let configuration = GitHubConfiguration(baseURL: url, token: Self.malformed, userAgent: "StarscopeTests")
            let error = try await HTTPClient.withHTTPClient(configuration: HTTPTransport.httpClientConfiguration(timeout: .seconds(10))) {
                http in
                let transport = HTTPTransport(configuration: configuration, httpClient: http, logger: log.logger())
                return await gitHubFailure { try await GitHubClient(transport: transport).rateLimits() }
            }
            #expect(await fake.requests().isEmpty)
            return error
        }
        let error = try #require(failure)
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected a refused request, got \(error)")
            return
        }
        #expect(reason.contains("a control character"))
        Self.expectClean([String(describing: error), String(reflecting: error)] + log.all)
        #expect(!log.all.isEmpty)
    }

    /// A header value the HTTP layer refuses: its error lists the values, so it must never be shown or logged.
    @Test func headerValuesRefusedByTheHTTPLayerAreNeverEchoed() async throws {
        let log = CapturedLog()
        let token = "ghp_WELLFORMED0000000000000000000000000000"
        let failure = try await FakeGitHub.with(smallFake()) { fake, url in
            let configuration = GitHubConfiguration(baseURL: url, token: token, userAgent: "Starscope\u{1}Bearer-ghp_agent")
            return try await HTTPClient.withHTTPClient(configuration: HTTPTransport.httpClientConfiguration(timeout: .seconds(10))) {
                http in
                let transport = HTTPTransport(configuration: configuration, httpClient: http, logger: log.logger())
                return await gitHubFailure { try await GitHubClient(transport: transport).rateLimits() }
            }
        }
        let error = try #require(failure)
        #expect(error == .invalidRequest("a request header holds characters HTTP does not allow"))
        Self.expectClean([String(describing: error)] + log.all, secrets: [token, "ghp_agent"])
    }

    @Test func classifiedHTTPClientErrorsHoldNoHeaderValues() {
        let errors: [any Error] = [
            HTTPClientError.invalidHeaderFieldValues(["Bearer \(Self.malformed)"]),
            HTTPClientError.invalidHeaderFieldNames(["Bearer \(Self.malformed)"]),
            HTTPClientError.unsupportedScheme("Bearer \(Self.malformed)"),
            HTTPClientError.serverOfferedUnsupportedApplicationProtocol("Bearer \(Self.malformed)"),
        ]
        for error in errors {
            Self.expectClean([String(describing: HTTPTransport.classify(error, host: "api.github.com"))])
        }
    }

    static func expectClean(_ texts: [String], secrets: [String] = [malformed], sourceLocation: SourceLocation = #_sourceLocation) {
        for text in texts {
            #expect(!text.contains("Bearer"), "\(text)", sourceLocation: sourceLocation)
            #expect(!text.contains("ghp_abc"), "\(text)", sourceLocation: sourceLocation)
            for secret in secrets {
                #expect(!text.contains(secret), "\(text)", sourceLocation: sourceLocation)
            }
        }
    }
}
