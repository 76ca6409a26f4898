import Foundation
import StarscopeModels
import Testing

@testable import StarscopeSQLite
@testable import StarscopeStore

/// Imported favourites must have names GitHub would accept; the rest still import together.
@Suite struct ImportNameTests {
    static func json(_ repository: Repository) throws -> String {
        String(decoding: repository.jsonBytes, as: UTF8.self)
    }

    @Test func entriesWithNamesGitHubWouldRefuseAreSkipped() async throws {
        let entries = [
            try Self.json(makeRepository(1, "ok/first")),
            try Self.json(makeRepository(2, "../x y<zq>")),
            try Self.json(makeRepository(3, "ok/..")),
            try Self.json(makeRepository(4, "-bad/name")),
            try Self.json(makeRepository(5, "ok/\u{1B}[31mred")),
            try Self.json(makeRepository(6, "ok/second")),
        ]
        let database = try AppDatabase.inMemory()
        let report = try await database.importFavorites(Data("[\(entries.joined(separator: ","))]".utf8), for: .owner)
        #expect(report.added == ["ok/first", "ok/second"])
        #expect(report.rejected.map(\.0) == [2, 3, 4, 5])
        #expect(report.rejected.first?.1 == "“../x y<zq>” is not a repository name")
        #expect(report.rejected.last?.1 == "“ok/\\u{1b}[31mred” is not a repository name")
        #expect(try await database.favorites(for: .owner).map(\.repository.fullName).sorted() == ["ok/first", "ok/second"])
    }

    @Test func aBadNameInAnExportIsSkippedToo() async throws {
        let source = try AppDatabase.inMemory()
        try await source.addFavorite(makeRepository(1, "ok/fine"), for: .owner)
        // A row that slipped in before names were checked.
        try await source.addFavorite(makeRepository(2, "../x y<zq>"), for: .owner)
        let export = FavoritesArchive.export(try await source.favorites(for: .owner))
        let target = try AppDatabase.inMemory()
        let report = try await target.importFavorites(export, for: .owner)
        #expect(report.added == ["ok/fine"])
        #expect(report.rejected.count == 1)
        #expect(report.rejected.first?.1.contains("is not a repository name") == true)
    }
}
