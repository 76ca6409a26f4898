import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import GitHubAPI

/// Every answer in `Tests/Fixtures/github-recordings` (GitHub's own, recorded by PyGithub's tests),
/// replayed over a real socket through the real client, with what each must come to.
@Suite struct RecordedAnswerTests {
    typealias Check = @Sendable (GitHubClient, ReplayServer) async throws -> Void

    /// The files each case serves (the first is the one it is about) and what must happen.
    static let cases: [String: (serves: [String], check: Check)] = [
        "repo-PyGithub-PyGithub.json": (
            ["repo-PyGithub-PyGithub.json"],
            { client, _ in
                let repository = try await client.repository(owner: "PyGithub", name: "PyGithub")
                #expect(repository.id == 3_544_490)
                #expect(repository.fullName == "PyGithub/PyGithub")
                #expect(repository.stargazersCount == 7_122)
                #expect(repository.topics == ["github", "github-api", "pygithub", "python"])
                #expect(repository.license?.spdxID == "LGPL-3.0")
                #expect(repository.language == "Python")
            }
        ),
        "repo-twbs-bootstrap.json": (
            ["repo-twbs-bootstrap.json"],
            { client, _ in
                let repository = try await client.repository(owner: "twbs", name: "bootstrap")
                #expect(repository.stargazersCount == 171_281)
                #expect(repository.license?.spdxID == "MIT")
                #expect(!repository.fork)
            }
        ),
        "repo-lexa-PyGithub.json": (
            ["repo-lexa-PyGithub.json"],
            { client, _ in
                let repository = try await client.repository(owner: "lexa", name: "PyGithub")
                #expect(repository.fork)
                #expect(repository.id == 542_181_388)
            }
        ),
        "repo-rickrickston123-RepoTest.json": (
            ["repo-rickrickston123-RepoTest.json"],
            { client, _ in
                let repository = try await client.repository(owner: "rickrickston123", name: "RepoTest")
                #expect(repository.description == nil)
                #expect(repository.language == nil)
                #expect(repository.license == nil)
            }
        ),
        "repo-protoncoin-protoncoin-301.json": (
            ["repo-protoncoin-protoncoin-301.json", "repositories-112116543.json"],
            { client, server in
                let response = try await client.send(GitHubRequest.get("/repos/protoncoin/protoncoin").expecting(Repository.self))
                #expect(response.status == 200)
                #expect(response.url.path == "/repositories/112116543")
                let repository = try await client.repository(owner: "protoncoin", name: "protoncoin")
                #expect(repository.fullName == "padima2/protoncoin")
                #expect(repository.id == 112_116_543)
                #expect(
                    server.requests == [
                        "/repos/protoncoin/protoncoin", "/repositories/112116543", "/repos/protoncoin/protoncoin",
                        "/repositories/112116543",
                    ])
            }
        ),
        "repositories-112116543.json": (
            ["repositories-112116543.json"],
            { client, _ in
                let repository = try await client.repository(id: 112_116_543)
                #expect(repository.fullName == "padima2/protoncoin")
                #expect(repository.language == "C++")
            }
        ),
        "user-jacquev6.json": (
            ["user-jacquev6.json"],
            { client, _ in
                let profile = try await client.profile(login: "jacquev6")
                #expect(profile.id == 327_146)
                #expect(profile.name == "Vincent Jacques")
                #expect(profile.kind == .user)
            }
        ),
        "user-nvie.json": (
            ["user-nvie.json"],
            { client, _ in
                let profile = try await client.profile(login: "nvie")
                #expect(profile.name == "Vincent Driessen")
                #expect(profile.followers == 296)
            }
        ),
        "user-theCapypara.json": (
            ["user-theCapypara.json"],
            { client, _ in
                let profile = try await client.profile(login: "theCapypara")
                #expect(profile.name == "Marco Köpcke")
            }
        ),
        "user-openframeworks.json": (
            ["user-openframeworks.json"],
            { client, _ in
                let profile = try await client.profile(login: "openframeworks")
                #expect(profile.kind == .organization)
                #expect(profile.name == "openFrameworks")
            }
        ),
        "repos-jacquev6-2020.json": (
            ["repos-jacquev6-2020.json"],
            { client, _ in
                let page = try await client.repositories(of: "jacquev6", sort: "created", direction: "asc")
                #expect(page.items.count == 10)
                #expect(page.skippedItems == 0)
                #expect(page.items.first?.fullName == "jacquev6/DrawTurksHead")
            }
        ),
        "repos-jacquev6-2012.json": (
            ["repos-jacquev6-2012.json"],
            { client, _ in
                let page = try await client.repositories(of: "jacquev6")
                #expect(page.items.count == 11)
                #expect(page.items.filter(\.fork).count == 2)
                // The 2012 shape has no `stargazers_count`.
                #expect(page.items.allSatisfy { $0.stargazersCount == 0 })
            }
        ),
        "repos-BeaverSoftware.json": (
            ["repos-BeaverSoftware.json"],
            { client, _ in
                let page = try await client.page(
                    .get("/orgs/BeaverSoftware/repos", [QueryItem("type", "public")]), of: Repository.self, shape: .array)
                #expect(page.items.map(\.fullName) == ["BeaverSoftware/FatherBeaver", "BeaverSoftware/PyGithub"])
                #expect(page.items.map(\.fork) == [false, true])
            }
        ),
        "users-page1.json": (
            ["users-page1.json", "users-since135.json"],
            { client, server in
                let page = try await client.users()
                #expect(page.items.count == 100)
                #expect(page.items.first?.login == "mojombo")
                guard case .template? = page.links.first else {
                    Issue.record("rel=first should be a URI template")
                    return
                }
                let next = try #require(try await client.nextPage(after: page))
                #expect(next.items.first?.login == "simonjefford")
                #expect(server.requests.last?.hasSuffix("/users?since=135") == true)
            }
        ),
        "users-since135.json": (
            ["users-since135.json"],
            { client, _ in
                let page = try await client.users(since: 135)
                #expect(page.items.count == 100)
                #expect(page.items.last?.id == 237)
                #expect(page.links.next?.query == "since=237")
            }
        ),
        "search-repositories-page1.json": (
            ["search-repositories-page1.json", "search-repositories-page2.json"],
            { client, _ in
                let page = try await client.searchRepositories(query: "github language:Python")
                #expect(page.totalCount == 2_723)
                #expect(page.items.count == 30)
                #expect(page.items.first?.fullName == "kennethreitz/legit")
                #expect(page.links.lastPage == 34)
                #expect(!page.incompleteResults)
                let second = try #require(try await client.nextPage(after: page))
                #expect(second.items.first?.fullName == "logsol/Github-Auto-Deploy")
            }
        ),
        "search-repositories-page2.json": (
            ["search-repositories-page2.json"],
            { client, _ in
                let page = try await client.searchRepositories(query: "github language:Python", page: 2)
                #expect(page.items.count == 30)
                #expect(page.links.prev != nil)
                #expect(page.links.next != nil)
            }
        ),
        "search-repositories-empty.json": (
            ["search-repositories-empty.json"],
            { client, _ in
                let page = try await client.searchRepositories(query: "doesnotexist", perPage: 1)
                #expect(page.items.isEmpty)
                #expect(page.totalCount == 0)
                #expect(page.skippedItems == 0)
            }
        ),
        "events-jacquev6-public.json": (
            ["events-jacquev6-public.json"],
            { client, _ in
                let page = try await client.publicEvents(login: "jacquev6")
                // Two events of 2012 (a gist, a follow) have a `repo` without `id`: skipped, the rest kept.
                #expect(page.items.count == 28)
                #expect(page.skippedItems == 2)
                #expect(!page.items.contains { $0.type == "GistEvent" || $0.type == "FollowEvent" })
                #expect(page.links.next != nil)
            }
        ),
        "events-BeaverSoftware-page1.json": (
            ["events-BeaverSoftware-page1.json", "events-BeaverSoftware-page2.json"],
            { client, _ in
                let page = try await client.page(.get("/orgs/BeaverSoftware/events"), of: Event.self, shape: .array)
                #expect(page.items.count == 26)
                #expect(page.skippedItems == 0)
                let last = try #require(try await client.nextPage(after: page))
                #expect(last.items.isEmpty)
                #expect(last.links.next == nil)
            }
        ),
        "events-BeaverSoftware-page2.json": (
            ["events-BeaverSoftware-page2.json"],
            { client, _ in
                let page = try await client.page(
                    .get("/orgs/BeaverSoftware/events", [QueryItem("page", "2")]), of: Event.self, shape: .array)
                #expect(page.items.isEmpty)
                #expect(page.links.prev != nil)
            }
        ),
        "events-timeline-2020.json": (
            ["events-timeline-2020.json"],
            { client, _ in
                let page = try await client.page(.get("/events"), of: Event.self, shape: .array)
                #expect(page.items.count == 30)
                #expect(page.skippedItems == 0)
                #expect(page.links.lastPage == 10)
            }
        ),
        "error-404-user.json": (
            ["error-404-user.json"],
            { client, _ in
                let error = await gitHubFailure { try await client.profile(login: "ThisUserShouldReallyNotExist") }
                guard case .notFound? = error else { throw Unexpected(error) }
            }
        ),
        "error-404-repo.json": (
            ["error-404-repo.json"],
            { client, _ in
                let error = await gitHubFailure { try await client.repository(owner: "jacquev6", name: "Xxx") }
                guard case .notFound? = error else { throw Unexpected(error) }
            }
        ),
        "error-404-repo-modern.json": (
            ["error-404-repo-modern.json"],
            { client, _ in
                let error = await gitHubFailure { try await client.repository(owner: "random", name: "vulnerability-alerts") }
                guard case .notFound? = error else { throw Unexpected(error) }
            }
        ),
        "error-403-rate-limit.json": (
            ["error-403-rate-limit.json"],
            { client, _ in
                // `x-ratelimit-remaining: 0` and no reset header: still the primary limit, with no reset time.
                let error = await gitHubFailure { try await client.profile(login: "jacquev6") }
                #expect(error == .rateLimited(resource: "core", limit: 60, reset: nil))
            }
        ),
        "error-403-secondary-rate-limit.json": (
            ["error-403-secondary-rate-limit.json"],
            { client, _ in
                let error = await gitHubFailure { try await client.send(.get("/search/code", [QueryItem("q", "jacquev6")])) }
                #expect(error == .secondaryRateLimit(retryAfter: 60))
            }
        ),
        "error-401-bad-credentials.json": (
            ["error-401-bad-credentials.json"],
            { client, _ in
                let error = await gitHubFailure { try await client.authenticatedUser() }
                #expect(error == .badCredentials(message: "Bad credentials"))
            }
        ),
        "error-200-truncated-json.json": (
            ["error-200-truncated-json.json"],
            { client, _ in
                let error = await gitHubFailure { try await client.profile(login: "jacquev6") }
                guard case .undecodable(let reason)? = error else { throw Unexpected(error) }
                #expect(reason.contains("/users/jacquev6"))
            }
        ),
        "error-503-html.json": (
            ["error-503-html.json"],
            { client, _ in
                #expect(await gitHubFailure { try await client.profile(login: "jacquev6") } == .serverError(status: 503))
            }
        ),
        "error-502-server-error.json": (
            ["error-502-server-error.json"],
            { client, _ in
                #expect(
                    await gitHubFailure { try await client.repository(owner: "PyGithub", name: "PyGithub") } == .serverError(status: 502))
            }
        ),
    ]

    struct Unexpected: Error, CustomStringConvertible {
        var error: GitHubError?
        init(_ error: GitHubError?) { self.error = error }
        var description: String { "unexpected outcome: \(String(describing: error))" }
    }

    /// The recordings folder's files; empty when it is missing, which `everyRecordingIsReplayed` reports.
    static let files: [String] = (try? Recordings.fileNames()) ?? []

    @Test func everyRecordingIsReplayed() throws {
        let names = try Recordings.fileNames()
        #expect(names.count >= 31, "\(Recordings.folder.path) holds \(names.count) recordings")
        let unchecked = Set(names).subtracting(Self.cases.keys)
        #expect(unchecked.isEmpty, "recordings without a replay case: \(unchecked.sorted())")
        let gone = Set(Self.cases.keys).subtracting(names)
        #expect(gone.isEmpty, "replay cases without a recording: \(gone.sorted())")
    }

    @Test(arguments: files)
    func replay(_ file: String) async throws {
        let replayCase = try #require(Self.cases[file], "no replay case for \(file)")
        let exchanges = try replayCase.serves.map(Recordings.exchange)
        try await ReplayServer.with(exchanges) { server, url in
            try await withClient(baseURL: url) { client in
                try await replayCase.check(client, server)
            }
        }
    }
}
