import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Synchronization
import Testing

@testable import StarscopeCore
@testable import StarscopeSQLite

/// "Today" asks anew each hour; offline, the day's list kept in an earlier hour of the last day
/// stands in, as it did when the day's query changed once a day.
@Suite struct EarlierDayTests {
    @Test func offlineTheDaysListKeptHoursAgoStandsIn() async throws {
        let start = TimeframeTests.date("2026-11-27T10:20:00Z")
        try await withFakeClient(dayWorld(at: start)) { client, _ in
            let database = try AppDatabase.inMemory()
            let clock = Mutex(start)
            let http = try #require(client.transport as? HTTPTransport)
            // Two readings over one store and one clock: one may ask GitHub, one may not.
            func reading(_ policy: CachePolicy) -> ReadContext {
                let cached = CachingTransport(
                    upstream: http, database: database, configuration: http.configuration, policy: policy,
                    holder: .owner, partitionKey: Data(repeating: 7, count: 32))
                return ReadContext(
                    client: GitHubClient(transport: cached), database: database, viewer: .owner, now: { clock.withLock { $0 } })
            }
            let online = reading(CachePolicy())
            let offline = reading(CachePolicy(offline: true))
            let day = TrendingQuery(timeframe: .day)
            let list = try await online.lists.trending(day, limit: 100).items.map(\.fullName)
            let page = try await online.lists.trendingPage(day, page: 1).items.map(\.fullName)
            #expect(!list.isEmpty && !page.isEmpty)

            // Three hours on, the hour's query is another, and nothing is kept under it.
            clock.withLock { $0 = start.addingTimeInterval(3 * 3_600) }
            #expect(try await offline.lists.trending(day, limit: 100).items.map(\.fullName) == list)
            #expect(try await offline.lists.trendingPage(day, page: 1).items.map(\.fullName) == page)

            // A day on, nothing of the last day is kept: offline says so.
            clock.withLock { $0 = start.addingTimeInterval(25 * 3_600) }
            await #expect(throws: StarscopeError.self) { try await offline.lists.trending(day, limit: 100) }
            await #expect(throws: StarscopeError.self) { try await offline.lists.trendingPage(day, page: 1) }
            // The week's list is not the day's: no stand-in from other hours.
            await #expect(throws: StarscopeError.self) { try await offline.lists.trending(TrendingQuery(timeframe: .week), limit: 100) }
        }
    }

    @Test func rateLimitedTheDaysListKeptHoursAgoStandsInForTheTerminalAsForThePage() async throws {
        let start = TimeframeTests.date("2026-11-27T10:20:00Z")
        try await withFakeClient(dayWorld(at: start)) { client, fake in
            let database = try AppDatabase.inMemory()
            let clock = Mutex(start)
            let http = try #require(client.transport as? HTTPTransport)
            let cached = CachingTransport(
                upstream: http, database: database, configuration: http.configuration, holder: .owner,
                partitionKey: Data(repeating: 7, count: 32))
            let reading = ReadContext(
                client: GitHubClient(transport: cached), database: database, viewer: .owner, now: { clock.withLock { $0 } })
            let day = TrendingQuery(timeframe: .day)
            let list = try await reading.lists.trending(day, limit: 100).items.map(\.fullName)
            #expect(!list.isEmpty)

            // Three hours on, GitHub's search limit is used up: the kept list stands in, reported stale.
            clock.withLock { $0 = start.addingTimeInterval(3 * 3_600) }
            await fake.setRemaining(0, resource: "search")
            let report = CacheReport()
            let again = try await CacheReport.$current.withValue(report) { try await reading.lists.trending(day, limit: 100) }
            #expect(again.items.map(\.fullName) == list)
            #expect(report.stale != nil)
            // Another timeframe has no stand-in from other hours: the limit is said.
            await #expect(throws: StarscopeError.self) { try await reading.lists.trending(TrendingQuery(timeframe: .week), limit: 100) }
        }
    }
}
