import Foundation
import Testing

@testable import GitHubAPI

@Suite struct RequestTests {
    let base = URL(string: "https://api.github.com")!
    let enterprise = URL(string: "https://ghe.example.com/api/v3/")!

    @Test func queryValuesAreEncodedStrictly() throws {
        let request = GitHubRequest.get(
            "/search/repositories", [QueryItem("q", "created:>2024-01-01 language:C++ a&b=c"), QueryItem("per_page", "100")])
        let url = try request.url(relativeTo: base)
        #expect(
            url.absoluteString
                == "https://api.github.com/search/repositories?q=created%3A%3E2024-01-01%20language%3AC%2B%2B%20a%26b%3Dc&per_page=100")
    }

    @Test func enterpriseBasePathIsKept() throws {
        let url = try GitHubRequest.get("/repos/a/b").url(relativeTo: enterprise)
        #expect(url.absoluteString == "https://ghe.example.com/api/v3/repos/a/b")
    }

    /// A cache keys answers by a request's address, written without forming its URL: the same
    /// text as the URL's, for paths and query values of every kind, on both kinds of base.
    @Test func anAddressIsItsURLsText() throws {
        var random = SystemRandomNumberGenerator()
        let pool = Array("aZ09-._~ %+&=?#/\\:é日🚀\u{7F}\"'<>")
        var values = ["", "C++", "created:>2024-01-01 stars:>10 sort:stars", "日本語", "100%", "a&b=c"]
        for _ in 0..<300 {
            values.append(String((0..<Int.random(in: 1...12, using: &random)).map { _ in pool.randomElement(using: &random) ?? "a" }))
        }
        let paths = ["/search/repositories", "/repos/ember-rs/bench.lab", "/users/ada-99/repos", "/repos/a/b/readme", "/rate_limit"]
        for base in [base, enterprise] {
            for path in paths {
                for value in values {
                    let request = GitHubRequest.get(path, [QueryItem("q", value), QueryItem("page", "2")])
                    #expect(try request.url(relativeTo: base).absoluteString == request.address(relativeTo: base), "\(path) \(value)")
                }
                let bare = GitHubRequest.get(path)
                #expect(try bare.url(relativeTo: base).absoluteString == bare.address(relativeTo: base))
            }
        }
        let link = try #require(URL(string: "https://api.github.com/repositories/1/issues?page=2"))
        #expect(GitHubRequest.get(link).address(relativeTo: base) == link.absoluteString)
    }

    @Test func linkURLsMustStayOnTheAPIOrigin() throws {
        let same = try #require(URL(string: "https://api.github.com/repositories/1/issues?page=2"))
        #expect(try GitHubRequest.get(same).url(relativeTo: base) == same)
        for foreign in ["https://evil.example/x", "http://api.github.com/x", "https://api.github.com:8443/x"] {
            let url = try #require(URL(string: foreign))
            #expect(throws: GitHubError.foreignURL(foreign)) { try GitHubRequest.get(url).url(relativeTo: base) }
        }
    }

    /// Byte by byte, the same text as Foundation's encoding with the unreserved characters
    /// allowed, for every ASCII byte, text in other scripts, emoji and random mixes.
    @Test func percentEncodingMatchesFoundation() {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        samples += ["", "C++", "created:>2024-01-01 stars:>10", "日本語", "naïve café", "👩🏽‍💻 rocket 🚀", "a\u{0}b", "100%", "é"]
        var random = SystemRandomNumberGenerator()
        let pool = Array("aZ09-._~ %+&=?#/\\:é日🚀\u{7F}\u{80}\u{FFFD}\n\t\"'<>")
        for _ in 0..<2_000 {
            samples.append(String((0..<Int.random(in: 0...20, using: &random)).map { _ in pool.randomElement(using: &random) ?? "a" }))
        }
        for text in samples {
            #expect(
                PercentEncoding.encode(text) == text.addingPercentEncoding(withAllowedCharacters: unreserved), "\(text.debugDescription)")
        }
    }

    @Test func pathSegmentsCannotEscapeTheirPlace() {
        #expect(segment("../admin") == "..%2Fadmin")
        #expect(segment("a b?c") == "a%20b%3Fc")
    }
}

@Suite struct ErrorMappingTests {
    func response(_ status: Int, _ body: String, _ headers: [String: String] = [:]) -> GitHubResponse {
        GitHubResponse(status: status, headers: headers, body: Data(body.utf8), url: URL(string: "https://api.github.com/x")!)
    }

    @Test func successAndNotModifiedAreNotErrors() {
        #expect(GitHubError(response: response(200, "{}")) == nil)
        #expect(GitHubError(response: response(304, "")) == nil)
        #expect(GitHubError(response: response(204, "")) == nil)
    }

    @Test func primaryRateLimitNamesResourceAndReset() {
        let headers = [
            "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000000", "x-ratelimit-resource": "core",
        ]
        #expect(
            GitHubError(response: response(403, #"{"message":"API rate limit exceeded for 1.2.3.4."}"#, headers))
                == .rateLimited(resource: "core", limit: 60, reset: Date(timeIntervalSince1970: 1_700_000_000))
        )
        #expect(
            GitHubError(response: response(429, #"{"message":"API rate limit exceeded"}"#, headers))
                == .rateLimited(resource: "core", limit: 60, reset: Date(timeIntervalSince1970: 1_700_000_000))
        )
    }

    @Test func primaryRateLimitIsRecognisedWithoutAResetHeader() {
        let headers = ["x-ratelimit-limit": "60", "x-ratelimit-remaining": "0"]
        for status in [403, 429] {
            #expect(
                GitHubError(response: response(status, #"{"message":"API Rate Limit Exceeded for 1.2.3.4"}"#, headers))
                    == .rateLimited(resource: "core", limit: 60, reset: nil))
        }
        #expect(
            GitHubError(response: response(403, #"{"message":"API rate limit exceeded"}"#, ["x-ratelimit-remaining": "0"]))
                == .rateLimited(resource: "core", limit: 0, reset: nil))
        // Remaining requests left: not the primary limit.
        #expect(
            GitHubError(response: response(403, #"{"message":"Resource not accessible"}"#, ["x-ratelimit-remaining": "12"]))
                == .forbidden(message: "Resource not accessible"))
    }

    @Test func secondaryRateLimitCarriesRetryAfter() {
        let body = #"{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again."}"#
        #expect(GitHubError(response: response(403, body, ["retry-after": "30"])) == .secondaryRateLimit(retryAfter: 30))
        #expect(GitHubError(response: response(403, body)) == .secondaryRateLimit(retryAfter: nil))
    }

    @Test func otherStatusesAreToldApart() {
        #expect(
            GitHubError(response: response(401, #"{"message":"Bad credentials","status":"401"}"#))
                == .badCredentials(message: "Bad credentials"))
        #expect(GitHubError(response: response(404, #"{"message":"Not Found"}"#)) == .notFound(url: "https://api.github.com/x"))
        #expect(
            GitHubError(response: response(422, #"{"message":"Only the first 1000 search results are available"}"#))
                == .validationFailed(message: "Only the first 1000 search results are available")
        )
        #expect(GitHubError(response: response(502, "<html><h1>Bad Gateway</h1></html>")) == .serverError(status: 502))
        #expect(
            GitHubError(response: response(403, #"{"message":"Resource not accessible"}"#))
                == .forbidden(message: "Resource not accessible"))
        #expect(GitHubError(response: response(418, "teapot")) == .unexpectedStatus(status: 418, message: "HTTP 418"))
    }

    @Test func cacheControlIsParsed() {
        #expect(CacheControl("private, max-age=60, s-maxage=60").maxAge == 60)
        #expect(CacheControl("no-cache").noCache)
        #expect(CacheControl("").maxAge == nil)
    }
}
