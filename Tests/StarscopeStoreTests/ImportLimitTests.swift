import Foundation
import StarscopeModels
import Testing

@testable import StarscopeSQLite
@testable import StarscopeStore

/// An import is bounded in entries and bytes, and refused with one sentence beyond, before any
/// entry is decoded or stored; counts past any real one are held, never trapped on.
@Suite struct ImportLimitTests {
    @Test func fortyThousandEntriesAreRefusedWithOneSentenceAndNothingIsAdded() async throws {
        let entry =
            #"{"id":1,"name":"one","full_name":"ok/one","owner":{"id":2,"login":"ok"},"html_url":"https://github.com/ok/one","created_at":"2020-01-01T00:00:00Z"}"#
        let file = "[" + Array(repeating: entry, count: 40_000).joined(separator: ",") + "]"
        #expect(file.utf8.count < FavoritesArchive.maximumBytes)
        let database = try AppDatabase.inMemory()
        do {
            _ = try await database.importFavorites(Data(file.utf8), for: .owner)
            Issue.record("40,000 entries were imported")
        } catch {
            #expect(
                error.message
                    == "This file cannot be imported: it has more than 10000 entries and Starscope imports at most 10000 at once; split it into smaller files."
            )
        }
        #expect(try await database.favorites(for: .owner).isEmpty)
        // At the limit it imports (one repository 10,000 times: added once).
        let atLimit = "[" + Array(repeating: entry, count: FavoritesArchive.maximumEntries).joined(separator: ",") + "]"
        #expect(try await database.importFavorites(Data(atLimit.utf8), for: .owner).added == ["ok/one"])
    }

    /// The count reads only the list's own elements: commas in strings and in nested values
    /// are not entries, an export counts its `favorites`, and the count stops past the limit.
    @Test func entriesAreCountedWithoutReadingTheirValues() {
        func count(_ text: String, _ limit: Int = 100) -> Int { FavoritesArchive.entryCount(in: Data(text.utf8), stoppingAfter: limit) }
        #expect(count("[]") == 0)
        #expect(count(" [ ] ") == 0)
        #expect(count("[0]") == 1)
        #expect(count(#"[{"a": [1, 2, 3], "b": "x,y,\",z"}, {"c": {"d": [4, 5]}}]"#) == 2)
        #expect(count(#"{"format": "starscope-favorites", "x": "a,b", "favorites": [{"k": [1,2]}, {}, {}]}"#) == 3)
        #expect(count("[" + Array(repeating: "0", count: 1_000).joined(separator: ",") + "]", 10) == 11)
        #expect(count(#"{"favorites": [0,0,0], "other": [0,0,0,0,0]}"#) == 5)
        #expect(count("not json") == 0)
    }

    @Test func aFileOverTwentyMegabytesIsRefusedBeforeItIsParsed() async throws {
        let database = try AppDatabase.inMemory()
        let file = Data("[".utf8) + Data(repeating: UInt8(ascii: " "), count: FavoritesArchive.maximumBytes) + Data("]".utf8)
        do {
            _ = try await database.importFavorites(file, for: .owner)
            Issue.record("a file over 20 MB was read")
        } catch {
            #expect(error.message == "This file cannot be imported: it is larger than 20 MB, the most Starscope imports at once.")
        }
    }

    @Test func outsizedCountsAreHeldWhenImportedAndWhenReadBack() async throws {
        let file = """
            [{"id": 1, "name": "huge", "full_name": "x/huge", "owner": {"id": 9, "login": "x"}, "html_url": "https://github.com/x/huge",
              "created_at": "2020-01-01T00:00:00Z", "stargazers_count": 9000000000000000000, "forks_count": 9223372036854775807},
             {"id": 2, "name": "low", "full_name": "x/low", "owner": {"id": 9, "login": "x"}, "html_url": "https://github.com/x/low",
              "created_at": "2020-01-01T00:00:00Z", "stargazers_count": -9223372036854775808, "open_issues_count": -1}]
            """
        let database = try AppDatabase.inMemory()
        #expect(try await database.importFavorites(Data(file.utf8), for: .owner).added.sorted() == ["x/huge", "x/low"])
        let stored = Dictionary(
            uniqueKeysWithValues: try await database.favorites(for: .owner).map { ($0.repository.fullName, $0.repository) })
        #expect(stored["x/huge"]?.stargazersCount == Count.maximum)
        #expect(stored["x/huge"]?.forksCount == Count.maximum)
        #expect(stored["x/low"]?.stargazersCount == 0)
        #expect(stored["x/low"]?.openIssuesCount == 0)
    }
}
