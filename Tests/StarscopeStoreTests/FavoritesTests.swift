import Foundation
import StarscopeModels
import Testing

@testable import StarscopeSQLite
@testable import StarscopeStore

func makeRepository(_ id: Int64, _ fullName: String, stars: Int = 10) -> Repository {
    let parts = fullName.split(separator: "/").map(String.init)
    return Repository(
        id: id, name: parts[1], fullName: fullName, owner: Account(id: id * 10, login: parts[0]), description: "About \(fullName)",
        htmlURL: "https://github.com/\(fullName)", createdAt: Date(timeIntervalSince1970: 1_700_000_000), stargazersCount: stars)
}

@Suite struct FavoritesTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("starscope-store-\(UUID().uuidString)")
    }

    @Test func addListRemoveOnAFileThatSurvivesReopening() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase.open(directory: directory)
        #expect(try await database.addFavorite(makeRepository(1, "a/one"), for: .owner, at: Date(timeIntervalSince1970: 1)))
        #expect(try await database.addFavorite(makeRepository(2, "b/two"), for: .owner, at: Date(timeIntervalSince1970: 2)))
        #expect(try await database.addFavorite(makeRepository(1, "a/one", stars: 99), for: .owner) == false)
        let reopened = try AppDatabase.open(directory: directory)
        let favorites = try await reopened.favorites(for: .owner)
        #expect(favorites.map(\.repository.fullName) == ["b/two", "a/one"])
        #expect(favorites.last?.repository.stargazersCount == 99)
        #expect(try await reopened.favoriteIDs(for: .owner) == [1, 2])
        #expect(try await reopened.removeFavorite(fullName: "A/ONE", for: .owner))
        #expect(try await reopened.removeFavorite(fullName: "a/one", for: .owner) == false)
        #expect(try await reopened.favorites(for: .owner).count == 1)
        #expect(try await reopened.isIntact())
        let mode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func exportReadsBackAndImportKeepsWhatWasThere() async throws {
        let source = try AppDatabase.inMemory()
        for id in 1...5 {
            try await source.addFavorite(makeRepository(Int64(id), "o/r\(id)"), for: .owner, at: Date(timeIntervalSince1970: Double(id)))
        }
        let export = FavoritesArchive.export(try await source.favorites(for: .owner))
        let target = try AppDatabase.inMemory()
        try await target.addFavorite(makeRepository(3, "o/r3", stars: 1234), for: .owner)
        try await target.addFavorite(makeRepository(42, "keep/me"), for: .owner)
        let report = try await target.importFavorites(export, for: .owner)
        #expect(report.added.sorted() == ["o/r1", "o/r2", "o/r4", "o/r5"])
        #expect(report.alreadyFavorites == ["o/r3"])
        let after = try await target.favorites(for: .owner)
        #expect(after.count == 6)
        #expect(after.first { $0.repository.id == 3 }?.repository.stargazersCount == 1234)
        #expect(after.contains { $0.repository.fullName == "keep/me" })
        // Original added dates travel with the export.
        #expect(after.first { $0.repository.id == 1 }?.addedAt == Date(timeIntervalSince1970: 1))
    }

    @Test func importReportsBadEntriesAndTakesTheGoodOnes() async throws {
        let good = String(decoding: makeRepository(7, "ok/fine").jsonBytes, as: UTF8.self)
        let mismatched = String(decoding: makeRepository(8, "ok/other").jsonBytes, as: UTF8.self)
            .replacingOccurrences(of: "\"full_name\":\"ok/other\"", with: "\"full_name\":\"evil/other\"")
        let text = "[\(good), {\"name\": \"no id\"}, 42, \(mismatched)]"
        let database = try AppDatabase.inMemory()
        let report = try await database.importFavorites(Data(text.utf8), for: .owner)
        #expect(report.added == ["ok/fine"])
        #expect(report.rejected.map(\.0) == [2, 3, 4])
        #expect(try await database.favorites(for: .owner).count == 1)
    }

    @Test(arguments: ["not json", "{\"format\": \"something-else\", \"favorites\": []}", "\"a string\""])
    func unreadableImportsAreRefusedWhole(text: String) async throws {
        let database = try AppDatabase.inMemory()
        try await database.addFavorite(makeRepository(1, "a/b"), for: .owner)
        await #expect(throws: StoreError.self) { try await database.importFavorites(Data(text.utf8), for: .owner) }
        #expect(try await database.favorites(for: .owner).count == 1)
    }

    @Test func starHistorySkipsUnchangedCountsAndRefreshesFavourites() async throws {
        let database = try AppDatabase.inMemory()
        try await database.addFavorite(makeRepository(1, "a/b", stars: 10), for: .owner, at: Date(timeIntervalSince1970: 0))
        try await database.observe([makeRepository(1, "a/b", stars: 10)], for: .owner, at: Date(timeIntervalSince1970: 100))
        try await database.observe([makeRepository(1, "a/b", stars: 10)], for: .owner, at: Date(timeIntervalSince1970: 200))
        try await database.observe(
            [makeRepository(1, "a/b", stars: 15), makeRepository(2, "c/d", stars: 3)], for: .owner, at: Date(timeIntervalSince1970: 300))
        let history = try await database.starHistory(repositoryID: 1)
        #expect(history.map(\.stars) == [10, 15])
        #expect(history.map(\.recordedAt) == [Date(timeIntervalSince1970: 100), Date(timeIntervalSince1970: 300)])
        #expect(try await database.favorites(for: .owner).first?.repository.stargazersCount == 15)
        #expect(try await database.starHistory(repositoryID: 2).count == 1)
    }
}

@Suite struct TokenFileTests {
    @Test func tokenFileIsPrivateAndRoundTrips() throws {
        let directory = FavoritesTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = TokenFile(directory: directory)
        #expect(try file.read() == nil)
        try file.write("ghp_secret")
        try file.write("ghp_secret2")
        #expect(try file.read() == "ghp_secret2")
        let fileMode = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int
        let directoryMode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(directoryMode == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["token"])
        #expect(try file.delete())
        #expect(try file.delete() == false)
    }
}

@Suite struct AvatarCacheTests {
    final class Downloads: @unchecked Sendable {
        let lock = NSLock()
        var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test func concurrentRequestsShareOneDownload() async throws {
        let directory = FavoritesTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let downloads = Downloads()
        let cache = AvatarCache(database: try .inMemory(), directory: directory) { url in
            downloads.increment()
            try await Task.sleep(for: .milliseconds(100))
            return .init(data: Data(url.absoluteString.utf8), contentType: "image/png")
        }
        let url = try #require(URL(string: "https://avatars.githubusercontent.com/u/1?v=4"))
        try await withThrowingTaskGroup(of: AvatarCache.Image.self) { group in
            for _ in 0..<10 { group.addTask { try await cache.image(for: url) } }
            for try await image in group { #expect(image.data == Data(url.absoluteString.utf8)) }
        }
        #expect(downloads.value == 1)
        _ = try await cache.image(for: url)
        #expect(downloads.value == 1)
    }

    @Test func sameContentIsStoredOnceAndTheOldestAreEvicted() async throws {
        let directory = FavoritesTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = AvatarCache(database: try .inMemory(), directory: directory, maximumBytes: 3_000) { url in
            let size = url.path.hasSuffix("same") ? 100 : 1_000
            let byte = UInt8(truncatingIfNeeded: url.absoluteString.hashValue)
            return .init(data: Data(repeating: url.path.hasSuffix("same") ? 7 : byte, count: size), contentType: "image/png")
        }
        _ = try await cache.image(for: try #require(URL(string: "https://a.test/1/same")))
        _ = try await cache.image(for: try #require(URL(string: "https://a.test/2/same")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        for index in 0..<5 { _ = try await cache.image(for: try #require(URL(string: "https://a.test/big/\(index)"))) }
        #expect(try await cache.totalBytes() <= 3_000)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let bytes = try files.reduce(0) {
            $0 + ((try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($1).path)[.size] as? Int) ?? 0)
        }
        #expect(bytes <= 3_000)
    }
}

@Suite struct RecentReadsTests {
    @Test func smallAnswersAreKeptASecondAndForgottenOnEveryWriteOfThisProcess() async throws {
        let directory = FavoritesTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try AppDatabase.open(directory: directory)
        let terminal = try AppDatabase.open(directory: directory)
        #expect(try await server.favoriteIDs(for: .owner) == [])
        try await server.addFavorite(makeRepository(1, "a/one"), for: .owner)
        #expect(try await server.favoriteIDs(for: .owner) == [1])
        // Another process's write (a terminal command) shows within a second at most.
        try await terminal.addFavorite(makeRepository(2, "b/two"), for: .owner)
        try await Task.sleep(for: .milliseconds(1_100))
        #expect(try await server.favoriteIDs(for: .owner) == [1, 2])
        #expect(try await server.unseenUpdateCount(for: .owner) == 0)
    }

    /// A detail's star records are kept too, and a write of this process (a new count) shows at once.
    @Test func starRecordsAreForgottenOnAWrite() async throws {
        let database = try AppDatabase.inMemory()
        try await database.observe([makeRepository(5, "a/five", stars: 3)], for: .owner, at: Date(timeIntervalSince1970: 1_750_000_000))
        #expect(try await database.keptStarHistory(of: makeRepository(5, "o/r5")).samples.map(\.stars) == [3])
        try await database.observe([makeRepository(5, "a/five", stars: 8)], for: .owner, at: Date(timeIntervalSince1970: 1_750_003_600))
        #expect(try await database.keptStarHistory(of: makeRepository(5, "o/r5")).samples.map(\.stars) == [3, 8])
    }

    /// One key per repository viewed: past the capacity the kept answers do not grow.
    @Test func keptAnswersStayBounded() async throws {
        let reads = RecentReads()
        for key in 0..<(RecentReads.capacity * 3) {
            #expect(try await reads.value("k\(key)") { () async throws(StoreError) in key } == key)
            #expect(reads.keptCount <= RecentReads.capacity)
        }
        #expect(
            try await reads.value("k\(RecentReads.capacity * 3 - 1)") { () async throws(StoreError) in -1 } == RecentReads.capacity * 3 - 1)
    }
}
