import Foundation
import Testing

@testable import GitHubAPI
@testable import StarscopeModels

/// Decodes GitHub's own recorded responses (in Fixtures/, with their sources in Fixtures/SOURCES.md).
@Suite struct FixtureTests {
    struct Recording: Decodable {
        var status: Int?
        var headers: [[String]]?
        var body: JSONValue
    }

    static func load(_ name: String) throws -> Recording {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "json"))
        return try JSONDecoder().decode(Recording.self, from: Data(contentsOf: url))
    }

    static func loadAll(_ name: String) throws -> [Recording] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "json"))
        return try JSONDecoder().decode([Recording].self, from: Data(contentsOf: url))
    }

    static func response(_ recording: Recording, url: String = "https://api.github.com/x") throws -> GitHubResponse {
        let headers = Dictionary((recording.headers ?? []).map { ($0[0].lowercased(), $0[1]) }, uniquingKeysWith: { $0 + ", " + $1 })
        return GitHubResponse(
            status: recording.status ?? 200,
            headers: headers,
            body: try JSONEncoder().encode(recording.body),
            url: try #require(URL(string: url))
        )
    }

    @Test func recordedRepositoryDecodesWithItsHeaders() throws {
        let response = try Self.response(Self.load("octokit-get-repository"))
        let repository = try JSONDecoder.gitHub().decode(Repository.self, from: response.body)
        #expect(repository.fullName == "octokit-fixture-org/hello-world")
        #expect(repository.owner.kind == .organization)
        #expect(repository.description == nil)
        #expect(repository.htmlURL == "https://github.com/octokit-fixture-org/hello-world")
        #expect(response.etag == "\"b6bf76818c02a332828422c6fa78009ad1f08f302c18524af715ed641f004227\"")
        #expect(response.lastModified == "Tue, 19 Sep 2017 15:57:54 GMT")
        #expect(response.cacheControl.maxAge == 60)
        let rate = try #require(response.rateLimit)
        #expect(
            rate == RateLimit(resource: "core", limit: 5000, remaining: 4962, used: 38, reset: Date(timeIntervalSince1970: 1_658_208_999)))
    }

    @Test func recordedSearchEnvelopeDecodesAndIsNotCacheable() throws {
        let response = try Self.response(Self.load("octokit-search-issues"))
        let results = try JSONDecoder.gitHub().decode(SearchResults<JSONValue>.self, from: response.body)
        #expect(results.totalCount == 2)
        #expect(results.incompleteResults == false)
        #expect(results.items.count == 2)
        #expect(response.cacheControl.noCache)
        #expect(response.etag == nil)
        #expect(response.rateLimit?.resource == "search")
        #expect(response.rateLimit?.limit == 30)
    }

    @Test func documentedSearchRepositoriesExampleDecodes() throws {
        let recording = try Self.load("openapi-example-search-repositories")
        let results = try JSONDecoder.gitHub().decode(SearchResults<Repository>.self, from: JSONEncoder().encode(recording.body))
        #expect(results.totalCount == 40)
        let first = try #require(results.items.first)
        #expect(first.fullName == "dtrupenn/Tetris")
        #expect(first.language == "Assembly")
        #expect(first.license?.spdxID == "MIT")
        #expect(first.archived)
        #expect(first.createdAt == Date(timeIntervalSince1970: 1_325_377_910))
    }

    @Test func documentedStargazersExampleDecodesItsUsers() throws {
        let recording = try Self.load("openapi-example-stargazers-star-json")
        guard case .array(let entries) = recording.body else {
            Issue.record("expected an array")
            return
        }
        for entry in entries {
            let user = try JSONDecoder.gitHub().decode(Account.self, from: JSONEncoder().encode(entry["user"]))
            #expect(user.login == "octocat")
            #expect(entry["starred_at"]?.stringValue == "2011-01-16T19:06:43Z")
        }
    }

    @Test func recordedValidationErrorBecomesValidationFailedWithItsDetail() throws {
        let response = try Self.response(Self.load("octokit-error-422-validation-failed"))
        #expect(GitHubError(response: response) == .validationFailed(message: "Validation Failed (Label color invalid)"))
    }

    @Test func recordedPaginationHeadersParseOnEveryPage() throws {
        let pages = try Self.loadAll("octokit-paginate-issues-link-headers")
        #expect(pages.count == 5)
        for (index, page) in pages.enumerated() {
            let links = try Self.response(page).links
            let number = index + 1
            let base = "https://api.github.com/repositories/515435940/issues?per_page=3&page="
            #expect(links.next?.absoluteString == (number < 5 ? base + String(number + 1) : nil))
            #expect(links.prev?.absoluteString == (number > 1 ? base + String(number - 1) : nil))
            #expect(links.last?.absoluteString == (number < 5 ? base + "5" : nil))
            #expect(links.first?.url?.absoluteString == (number > 1 ? base + "1" : nil))
            if number == 1 { #expect(links.lastPage == 5) }
            // Items on every page decode as JSON arrays.
            guard case .array(let items) = page.body else {
                Issue.record("page \(number) is not an array")
                continue
            }
            #expect(items.count <= 3)
        }
    }
}
