import FakeGitHub
import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import GitHubAPI

/// The client against the fake GitHub over real sockets: paging, caching headers, limits and faults.
@Suite struct FakeGitHubIntegrationTests {
    @Test func searchFollowsLinkPagesOfOneHundred() async throws {
        try await withFakeClient { client, fake in
            var page = try await client.searchRepositories(query: "created:>2000-01-01", perPage: 100)
            var names = page.items.map(\.fullName)
            #expect(page.items.count == 100)
            #expect(page.links.next != nil)
            #expect(page.rateLimit?.resource == "search")
            while names.count < 300, let next = try await client.nextPage(after: page) {
                page = next
                names += next.items.map(\.fullName)
            }
            #expect(names.count == 300)
            #expect(Set(names).count == 300)
            let requests = await fake.requests()
            #expect(requests.count == 3)
            #expect(requests.allSatisfy { $0.path == "/search/repositories" && ($0.query ?? "").contains("per_page=100") })
        }
    }

    @Test func searchStopsAtGitHubsThousandResultCap() async throws {
        try await withFakeClient { client, _ in
            let first = try await client.searchRepositories(query: "created:>2000-01-01", perPage: 100)
            #expect((first.totalCount ?? 0) > 1_000)
            #expect(first.links.lastPage == 10)
            await #expect(throws: GitHubError.validationFailed(message: "Only the first 1000 search results are available")) {
                _ = try await client.searchRepositories(query: "created:>2000-01-01", perPage: 100, page: 11)
            }
        }
    }

    @Test func conditionalRequestIsAnsweredNotModified() async throws {
        try await withFakeClient(smallFake(), token: FakeGitHub.octocatToken) { client, fake in
            let swiftlang = try #require(fake.dataset.account(login: "swiftlang"))
            let repo = try #require(fake.dataset.repositories(ownedBy: swiftlang).first)
            let first = try await client.send(.get("/repos/\(repo.fullName)"))
            let etag = try #require(first.etag)
            #expect(first.cacheControl.maxAge == 60)
            #expect(first.lastModified != nil)
            var conditional = GitHubRequest.get(first.url)
            conditional.ifNoneMatch = etag
            let second = try await client.send(conditional)
            #expect(second.isNotModified)
            #expect(second.body.isEmpty)
            // Authenticated 304s do not count against the limit.
            #expect(second.rateLimit?.remaining == first.rateLimit?.remaining)
        }
    }

    @Test func unauthenticatedNotModifiedStillCounts() async throws {
        try await withFakeClient(smallFake()) { client, _ in
            let first = try await client.send(.get("/users/octocat"))
            var conditional = GitHubRequest.get("/users/octocat")
            conditional.ifNoneMatch = first.etag
            let second = try await client.send(conditional)
            #expect(second.isNotModified)
            #expect(second.rateLimit?.remaining == (first.rateLimit?.remaining ?? 0) - 1)
        }
    }

    @Test func exhaustedRateLimitIsReportedWithItsReset() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            await fake.setRemaining(0)
            let error = await gitHubFailure { try await client.profile(login: "octocat") }
            guard case .rateLimited(let resource, let limit, let reset)? = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(resource == "core")
            #expect(limit == 60)
            #expect((reset ?? .distantPast) > Date())
        }
    }

    @Test func missingThingsAreNotFound() async throws {
        try await withFakeClient(smallFake()) { client, _ in
            let missingRepository = await gitHubFailure { try await client.repository(owner: "octocat", name: "does-not-exist") }
            #expect(missingRepository.map { if case .notFound = $0 { true } else { false } } == true)
            let missingAccount = await gitHubFailure { try await client.profile(login: "nobody-here") }
            #expect(missingAccount.map { if case .notFound = $0 { true } else { false } } == true)
        }
    }

    @Test func usersPageBySinceWithoutDuplicates() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            var page = try await client.users(perPage: 7)
            var ids = page.items.map(\.id)
            guard case .template(let template)? = page.links.first else {
                Issue.record("first should be a URI template")
                return
            }
            #expect(template.hasSuffix("/users{?since}"))
            while let next = try await client.nextPage(after: page) {
                page = next
                ids += next.items.map(\.id)
            }
            #expect(ids == fake.dataset.accounts.map(\.id))
        }
    }

    @Test func eventsProfilesAndRateLimitsDecode() async throws {
        try await withFakeClient(smallFake()) { client, _ in
            let events = try await client.publicEvents(login: "octocat", perPage: 100)
            #expect(events.items.count == 60)
            #expect(Set(events.items.map(\.type)).count == FakeDataset.eventTypes.count)
            let org = try await client.profile(login: "swiftlang")
            #expect(org.kind == .organization)
            let limits = try await client.rateLimits()
            #expect(limits.resources["core"]?.limit == 60)
            #expect(limits.resources["search"]?.limit == 10)
        }
    }

    @Test func tokenUnlocksTheUserAndStars() async throws {
        try await withFakeClient(smallFake(), token: FakeGitHub.octocatToken) { client, fake in
            let me = try await client.authenticatedUser()
            #expect(me.login == "octocat")
            let repo = try #require(fake.dataset.repositories.first)
            #expect(try await client.isStarred(owner: repo.ownerLogin, name: repo.name) == false)
            try await client.star(owner: repo.ownerLogin, name: repo.name)
            #expect(try await client.isStarred(owner: repo.ownerLogin, name: repo.name))
            #expect(try await client.repository(owner: repo.ownerLogin, name: repo.name).stargazersCount == repo.stars + 1)
            try await client.unstar(owner: repo.ownerLogin, name: repo.name)
            #expect(try await client.isStarred(owner: repo.ownerLogin, name: repo.name) == false)
        }
    }

    @Test func badTokenIsBadCredentials() async throws {
        try await withFakeClient(smallFake(), token: "ghp_wrong") { client, _ in
            await #expect(throws: GitHubError.badCredentials(message: "Bad credentials")) { _ = try await client.profile(login: "octocat") }
        }
    }

    @Test func noTokenCannotAskWhoAmI() async throws {
        try await withFakeClient(smallFake()) { client, _ in
            await #expect(throws: GitHubError.badCredentials(message: "Requires authentication")) {
                _ = try await client.authenticatedUser()
            }
        }
    }

    @Test func enterpriseStyleBaseURLWorks() async throws {
        try await withFakeClient(smallFake(), basePath: "/api/v3") { client, fake in
            let page = try await client.repositories(of: "swiftlang", perPage: 2)
            #expect(page.items.count == 2)
            #expect(page.links.next?.path.hasPrefix("/api/v3/") == true)
            let next = try await client.nextPage(after: page)
            #expect(next?.items.count == 2)
            #expect(await fake.requests().count == 2)
        }
    }

    // MARK: Faults

    @Test func serverErrorsAreServerErrors() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            await fake.inject(.serverError, path: "/users/octocat", count: 1)
            await #expect(throws: GitHubError.serverError(status: 500)) { _ = try await client.profile(login: "octocat") }
            await fake.inject(.badGateway, path: "/users/octocat", count: 1)
            await #expect(throws: GitHubError.serverError(status: 502)) { _ = try await client.profile(login: "octocat") }
            let recovered = try await client.profile(login: "octocat")
            #expect(recovered.login == "octocat")
        }
    }

    @Test func slowAnswersTimeOut() async throws {
        try await withFakeClient(smallFake(), timeout: .seconds(1)) { client, fake in
            // The fake holds the answer for ten minutes: only the client's time-out can end the
            // call with `.timeout` (had it waited, it would have got the profile). No clock is read.
            await fake.inject(.slow(seconds: 600), path: "/users/octocat", count: 1)
            await #expect(throws: GitHubError.timeout) { _ = try await client.profile(login: "octocat") }
            await fake.releaseSlowAnswers()
        }
    }

    @Test func droppedConnectionIsOffline() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            await fake.inject(.dropConnection, path: "/users/octocat/repos", count: 1)
            let error = await gitHubFailure { try await client.repositories(of: "octocat") }
            guard case .offline? = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
        }
    }

    @Test func malformedAndMisshapenJSONAreUndecodable() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            for fault in [Fault.malformedJSON, .wrongShape] {
                await fake.inject(fault, path: "/users/octocat", count: 1)
                let error = await gitHubFailure { try await client.profile(login: "octocat") }
                guard case .undecodable? = error else {
                    Issue.record("unexpected \(String(describing: error)) for \(fault)")
                    return
                }
            }
        }
    }

    @Test func secondaryRateLimitIsToldApart() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            await fake.inject(.secondaryRateLimit(retryAfter: 42), path: "/search", count: 1)
            await #expect(throws: GitHubError.secondaryRateLimit(retryAfter: 42)) {
                _ = try await client.searchRepositories(query: "created:>2020-01-01")
            }
        }
    }

    @Test func nothingListeningIsOffline() async throws {
        // The port of a fake that has stopped has nobody listening.
        let url = try await FakeGitHub.with(smallFake()) { _, url in url }
        try await withClient(baseURL: url) { client in
            let error = await gitHubFailure { try await client.profile(login: "octocat") }
            guard case .offline(let reason)? = error else {
                Issue.record("unexpected \(String(describing: error))")
                return
            }
            #expect(reason.contains("127.0.0.1"))
        }
    }
}
