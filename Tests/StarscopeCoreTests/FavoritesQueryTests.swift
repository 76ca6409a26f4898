import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore
import Testing

@testable import StarscopeCore
@testable import StarscopeSQLite

/// Which favourites a page shows is decided in Core: words, language and tag filter, the order
/// sorts, and pages of `FavoritesQuery.rowsPerPage` cut, for every face alike.
@Suite struct FavoritesQueryTests {
    static func repository(_ id: Int64, _ fullName: String, stars: Int, language: String?) -> Repository {
        let parts = fullName.split(separator: "/").map(String.init)
        var repository = Repository(
            id: id, name: parts[1], fullName: fullName, owner: Account(id: id * 10, login: parts[0]), description: "About \(fullName)",
            htmlURL: "https://github.com/\(fullName)", createdAt: Date(timeIntervalSince1970: 1_700_000_000), stargazersCount: stars)
        repository.language = language
        return repository
    }

    /// Favourites are read from the store alone: nothing is asked of GitHub.
    struct NoNetwork: GitHubTransport {
        func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
            throw .offline(reason: "this test has no network")
        }
    }

    static func favorites(_ database: AppDatabase) -> Favorites {
        Favorites(
            reading: ReadContext(client: GitHubClient(transport: NoNetwork()), database: database, viewer: .owner), database: database,
            viewer: .owner)
    }

    @Test func wordsLanguageAndTagFilterAndTheOrderSorts() async throws {
        let database = try AppDatabase.inMemory()
        let day = Date(timeIntervalSince1970: 1_750_000_000)
        try await database.addFavorite(Self.repository(1, "apple/swift", stars: 60_000, language: "C++"), for: .owner, at: day)
        try await database.addFavorite(Self.repository(2, "vapor/vapor", stars: 20_000, language: "Swift"), for: .owner, at: day + 1)
        try await database.addFavorite(Self.repository(3, "groue/GRDB.swift", stars: 7_000, language: "Swift"), for: .owner, at: day + 2)
        #expect(try await database.changeTags(["db"], remove: false, fullName: "groue/GRDB.swift", for: .owner))
        let favorites = Self.favorites(database)

        let all = try await favorites.window(FavoritesQuery())
        #expect(all.items.map(\.repository.id) == [3, 2, 1] && all.total == 3 && !all.hasNext)
        #expect(all.languages == ["C++", "Swift"])
        #expect(try await favorites.window(FavoritesQuery(sort: .stars)).items.map(\.repository.id) == [1, 2, 3])
        #expect(try await favorites.window(FavoritesQuery(sort: .name)).items.map(\.repository.id) == [1, 3, 2])
        let swift = try await favorites.window(FavoritesQuery(language: "swift"))
        #expect(swift.items.map(\.repository.id) == [3, 2] && swift.total == 3)
        #expect(try await favorites.window(FavoritesQuery(tag: "DB")).items.map(\.repository.id) == [3])
        #expect(try await favorites.window(FavoritesQuery(words: ["vapor"])).items.map(\.repository.id) == [2])
        #expect(try await favorites.window(FavoritesQuery(words: ["vapor", "grdb"])).items.isEmpty)
    }

    @Test func pagesCutAtRowsPerPage() async throws {
        let database = try AppDatabase.inMemory()
        let count = FavoritesQuery.rowsPerPage + 5
        let repositories = (1...count).map { Self.repository(Int64($0), "o/r\($0)", stars: $0, language: nil) }
        _ = try await database.addFavorites(repositories, for: .owner)
        let favorites = Self.favorites(database)
        let first = try await favorites.window(FavoritesQuery(sort: .stars))
        #expect(first.items.count == FavoritesQuery.rowsPerPage && first.hasNext && first.total == count)
        #expect(first.items.first?.repository.stargazersCount == count)
        let second = try await favorites.window(FavoritesQuery(sort: .stars, page: 2))
        #expect(second.items.map(\.repository.stargazersCount) == [5, 4, 3, 2, 1] && !second.hasNext)
        #expect(try await favorites.window(FavoritesQuery(page: 3)).items.isEmpty)
    }
}
