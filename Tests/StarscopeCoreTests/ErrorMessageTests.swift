import Foundation
import GitHubAPI
import Testing

@testable import StarscopeCore

@Suite struct ErrorMessageTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func rateLimitNamesTheResetTimeAndSuggestsAToken() {
        let reset = Date().addingTimeInterval(600)
        // The clock time, with the date when ten minutes from now is tomorrow.
        let clock = ClockTime.format(reset, timeZone: utc)
        let message = StarscopeError(.rateLimited(resource: "core", limit: 60, reset: reset), about: .search, timeZone: utc).message
        #expect(message.contains("resets at \(clock)"))
        #expect(message.contains("add a token for 5,000 requests an hour"))
        let withToken = StarscopeError(.rateLimited(resource: "search", limit: 30, reset: reset), about: .search, timeZone: utc).message
        #expect(withToken.contains("search rate limit"))
        #expect(!withToken.contains("add a token"))
    }

    @Test func rateLimitWithoutAResetStillSuggestsAToken() {
        let message = StarscopeError(.rateLimited(resource: "core", limit: 60, reset: nil), about: .account("x"), timeZone: utc).message
        #expect(message == "GitHub's rate limit is used up; add a token for 5,000 requests an hour.")
        #expect(ClockTime.format(nil as Date?) == "an unknown time")
    }

    @Test func notFoundNamesWhatWasMissing() throws {
        let name = try RepositoryName(owner: "octocat", name: "nope")
        #expect(
            StarscopeError(.notFound(url: "x"), about: .repository(name)) == .notFound("Repository octocat/nope was not found on GitHub."))
        #expect(StarscopeError(.notFound(url: "x"), about: .account("ghost")).message.contains("\"ghost\""))
    }

    @Test func everyClientErrorBecomesOneLine() throws {
        let errors: [GitHubError] = [
            .notFound(url: "x"), .badCredentials(message: "Bad credentials"), .rateLimited(resource: "core", limit: 60, reset: Date()),
            .secondaryRateLimit(retryAfter: nil), .validationFailed(message: "m"), .forbidden(message: "m"), .serverError(status: 502),
            .unexpectedStatus(status: 418, message: "m"), .offline(reason: "r"), .timeout, .undecodable(reason: "r"),
            .foreignURL("https://evil.example"), .invalidRequest("r"),
        ]
        for error in errors {
            let message = StarscopeError(error, about: .search).message
            #expect(!message.isEmpty)
            #expect(!message.contains("\n"))
            #expect(message.hasSuffix("."))
        }
    }
}

extension ErrorMessageTests {
    /// 451 (a repository blocked for legal reasons) is "not found" for that repository, with
    /// GitHub's reason, so rounds treat it as gone; elsewhere it stays an unavailable answer.
    @Test func aBlockedRepositoryIsNotFoundWithGitHubsReason() throws {
        let name = try RepositoryName(parsing: "o/n")
        let blocked = StarscopeError(.unexpectedStatus(status: 451, message: "Repository access blocked"), about: .repository(name))
        #expect(blocked == .notFound("Repository o/n is blocked on GitHub for legal reasons (Repository access blocked)."))
        let elsewhere = StarscopeError(.unexpectedStatus(status: 451, message: "Unavailable"), about: .search)
        #expect(elsewhere == .unavailable("GitHub answered with HTTP 451: Unavailable."))
    }
}
