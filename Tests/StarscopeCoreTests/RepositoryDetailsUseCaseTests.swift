import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeCore
@testable import StarscopeSQLite

/// The repository page's sections and account lists through the response cache, against the fake.
@Suite struct RepositoryDetailsUseCaseTests {
    /// An reading over the cache over the real client, as the faces build it.
    static func cachedReading(_ client: GitHubClient) throws -> ReadContext {
        let http = try #require(client.transport as? HTTPTransport)
        let database = try AppDatabase.inMemory()
        let cached = CachingTransport(
            upstream: http, database: database, configuration: http.configuration, holder: .owner,
            partitionKey: Data(repeating: 7, count: 32))
        return ReadContext(client: GitHubClient(transport: cached), database: database, viewer: .owner)
    }

    @Test func everySectionCostsOneRequestAndNoneWhenFresh() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let reading = try Self.cachedReading(client)
            let repo = try #require(
                fake.dataset.repositories.first {
                    fake.dataset.readme(for: $0) != nil && !fake.dataset.releases(for: $0).isEmpty && $0.language != nil
                })
            let name = try RepositoryName(parsing: repo.fullName)
            for round in 0..<2 {
                await fake.clearRequests()
                let markdown = try await reading.details.readmeMarkdown(name)
                let html = try await reading.details.readmeHTML(name)
                let releases = try await reading.details.releases(name, limit: 5)
                let latest = try await reading.details.latestRelease(name)
                let contributors = try await reading.details.contributors(name, limit: 10)
                let languages = try await reading.details.languages(name)
                #expect(markdown == fake.dataset.readme(for: repo))
                #expect(html?.contains("markdown-body") == true)
                #expect(releases.items.map(\.tagName) == Array(fake.dataset.releases(for: repo).prefix(5).map(\.tagName)))
                #expect(latest?.prerelease == false || latest == nil)
                #expect(contributors.items.first?.login == fake.dataset.contributors(for: repo).first?.account.login)
                #expect(languages.shares.first?.name == repo.language)
                #expect(await fake.requests().count == (round == 0 ? 6 : 0), "round \(round)")
            }
        }
    }

    @Test func theSectionsOfAPageCostFourRequestsThenNone() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let reading = try Self.cachedReading(client)
            let repo = try #require(fake.dataset.repositories.first { fake.dataset.releases(for: $0).count > 5 && $0.language != nil })
            let name = try RepositoryName(parsing: repo.fullName)
            let sections = await reading.details.sections(name)
            #expect(try sections.releases.get().map(\.tagName) == Array(fake.dataset.releases(for: repo).prefix(5).map(\.tagName)))
            #expect(try sections.languages.get().shares.first?.name == repo.language)
            #expect(try sections.contributors.get().count == min(10, fake.dataset.contributors(for: repo).count))
            #expect(try sections.readmeHTML.get() != nil || fake.dataset.readme(for: repo) == nil)
            #expect(await fake.requests().count == (fake.dataset.readme(for: repo) == nil ? 5 : 4))
            await fake.clearRequests()
            // All four fresh in memory, and all four only in the store.
            #expect(await reading.details.sections(name) == sections)
            let http = try #require(client.transport as? HTTPTransport)
            let database = try #require(reading.database)
            let fromTheStore = ReadContext(
                client: GitHubClient(
                    transport: CachingTransport(
                        upstream: http, database: database, configuration: http.configuration, holder: .owner,
                        partitionKey: Data(repeating: 7, count: 32))),
                database: database, viewer: .owner)
            #expect(await fromTheStore.details.sections(name) == sections)
            #expect(await fake.requests().isEmpty)
            // A section that fails leaves the others.
            let other = try RepositoryName(parsing: try #require(fake.dataset.repositories.last { $0.language != nil }).fullName)
            await fake.inject(.serverError, path: "/repos/\(other)/languages")
            let partial = await reading.details.sections(other)
            #expect(throws: StarscopeError.self) { try partial.languages.get() }
            #expect((try? partial.releases.get()) != nil)
        }
    }

    /// Without a cache, nothing is held in memory: the sections are asked once each, not first
    /// one after another and then again at once.
    @Test func sectionsWithoutACacheAskEachOnce() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let reading = ReadContext(client: client, viewer: .owner)
            let repo = try #require(fake.dataset.repositories.first { fake.dataset.readme(for: $0) != nil && $0.language != nil })
            let sections = await reading.details.sections(try RepositoryName(parsing: repo.fullName))
            #expect(try sections.languages.get().shares.first?.name == repo.language)
            #expect(await fake.requests().count == 4)
        }
    }

    @Test func noReadmeAndNoReleaseAreNilButAMissingRepositoryIsNotFound() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let reading = ReadContext(client: client, viewer: .owner)
            let bare = try #require(fake.dataset.repositories.first { fake.dataset.readme(for: $0) == nil })
            #expect(try await reading.details.readmeMarkdown(try RepositoryName(parsing: bare.fullName)) == nil)
            let unreleased = try #require(fake.dataset.repositories.first { fake.dataset.releases(for: $0).isEmpty })
            #expect(try await reading.details.latestRelease(try RepositoryName(parsing: unreleased.fullName)) == nil)
            let missing = try RepositoryName(parsing: "octocat/not-there")
            await #expect(throws: StarscopeError.notFound("Repository octocat/not-there was not found on GitHub.")) {
                try await reading.details.readmeHTML(missing)
            }
            await #expect(throws: StarscopeError.notFound("Repository octocat/not-there was not found on GitHub.")) {
                try await reading.details.latestRelease(missing)
            }
        }
    }

    @Test func aRenamedRepositoryIsFoundAndItsAnswerCachedUnderTheOldName() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let reading = try Self.cachedReading(client)
            let repo = try #require(fake.dataset.repositories.first { $0.ownerLogin == "octocat" })
            #expect(await fake.rename(repo.fullName, to: "octocat/renamed-one"))
            let old = try RepositoryName(parsing: repo.fullName)
            let found = try await reading.details.repository(old)
            #expect(found.fullName == "octocat/renamed-one")
            #expect(found.isRenamed(from: old))
            #expect(!found.isRenamed(from: try RepositoryName(parsing: "Octocat/Renamed-One")))
            #expect(await fake.requests().map(\.status) == [301, 200])
            await fake.clearRequests()
            #expect(try await reading.details.repository(old).fullName == "octocat/renamed-one")
            #expect(await fake.requests().isEmpty)
        }
    }

    @Test func accountRepositoriesSortAndFilter() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let reading = ReadContext(client: client, viewer: .owner)
            let owner = try #require(
                fake.dataset.accounts.max { fake.dataset.repositories(ownedBy: $0).count < fake.dataset.repositories(ownedBy: $1).count })
            let all = fake.dataset.repositories(ownedBy: owner).filter { !$0.fork }
            let byStars = try await reading.lists.repositories(of: owner.login, query: AccountRepositoryQuery(sort: .stars), limit: 5)
            let expectedStars = all.sorted {
                $0.stars != $1.stars ? $0.stars > $1.stars : $0.fullName.lowercased() < $1.fullName.lowercased()
            }
            #expect(byStars.items.map(\.fullName) == Array(expectedStars.prefix(5).map(\.fullName)))
            let byName = try await reading.lists.repositories(of: owner.login, query: AccountRepositoryQuery(sort: .name), limit: 1_000)
            #expect(byName.items.map { $0.name.lowercased() } == all.map { $0.name.lowercased() }.sorted())
            let language = try #require(all.compactMap(\.language).first)
            let swift = try await reading.lists.repositories(
                of: owner.login, query: AccountRepositoryQuery(language: language.uppercased()), limit: 1_000)
            #expect(swift.items.count == all.filter { $0.language == language }.count)
            #expect(swift.items.allSatisfy { $0.language == language })
            let word = try #require(all.first?.name)
            let text = try await reading.lists.repositories(
                of: owner.login, query: AccountRepositoryQuery(text: word.uppercased()), limit: 1_000)
            #expect(text.items.contains { $0.name == word })
            #expect(text.items.allSatisfy { ($0.name + " " + ($0.description ?? "")).lowercased().contains(word.lowercased()) })
            let page = try await reading.lists.repositoriesPage(of: owner.login, query: AccountRepositoryQuery(sort: .stars), page: 1)
            #expect(Array(page.items.prefix(5).map(\.fullName)) == byStars.items.map(\.fullName))
        }
    }

    @Test func trendingSortsAndFiltersByTopic() async throws {
        try await withFakeClient(smallFake()) { client, fake in
            let reading = ReadContext(client: client, viewer: .owner)
            let byForks = try await reading.lists.trending(TrendingQuery(timeframe: .month, sort: .forks), limit: 30)
            let forks = byForks.items.map(\.forksCount)
            #expect(!forks.isEmpty)
            #expect(forks == forks.sorted(by: >))
            let tagged = try await reading.lists.trending(TrendingQuery(timeframe: .month, topic: "swift"), limit: 30)
            #expect(!tagged.items.isEmpty)
            #expect(tagged.items.allSatisfy { $0.topics.contains("swift") })
            let query = try #require(await fake.requests().last?.query)
            #expect(query.contains("topic%3Aswift"))
        }
    }

    @Test func topicAndSortReachTheSearchQuery() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let query = TrendingQuery(timeframe: .week, language: "Swift", topic: "server side", sort: .helpWantedIssues)
        #expect(try query.searchQuery(now: now).hasSuffix("language:Swift topic:\"server side\""))
        #expect(SearchSort(rawValue: "help-wanted-issues") == .helpWantedIssues)
        #expect(TrendingQuery().sort == .stars)
    }
}
