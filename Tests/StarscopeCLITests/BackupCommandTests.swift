import Foundation
import StarscopeModels
import StarscopeSQLite
import StarscopeStore
import Testing

/// `backup` and `restore` say what the store holds: every account's favourites, not only the
/// terminal's own.
@Suite struct BackupCommandTests {
    @Test func backupAndRestoreCountEveryAccountsFavourites() async throws {
        try await withHome { home in
            let data = home.appendingPathComponent("data")
            let store = try AppDatabase.open(directory: data)
            var id: Int64 = 0
            for (viewer, count) in [(Viewer.account(AccountKey("#1")), 1_000), (.account(AccountKey("#2")), 200), (.owner, 2)] {
                let repositories = (0..<count).map { _ in
                    id += 1
                    return makeRepository(id, "o\(id)/n\(id)")
                }
                _ = try await store.addFavorites(repositories, for: viewer)
            }
            let file = home.appendingPathComponent("backup.sqlite").path
            let backup = try await CLI.run(["backup", file, "--data-dir", data.path], home: home)
            #expect(backup.status == 0, "\(backup.stderr)")
            #expect(backup.stdout == "Backed up the store in \(data.path) to \(file) (1,202 favourites of 3 accounts).\n")
            let restored = try await CLI.run(["restore", file, "--data-dir", data.path], home: home)
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(restored.stdout == "Restored the store in \(data.path) from \(file) (1,202 favourites of 3 accounts).\n")
        }
    }

    @Test func theOneUsersStoreCountsFavouritesAlone() async throws {
        try await withHome { home in
            let data = home.appendingPathComponent("data")
            let store = try AppDatabase.open(directory: data)
            _ = try await store.addFavorites([makeRepository(1, "o/one")], for: .owner)
            let file = home.appendingPathComponent("backup.sqlite").path
            let backup = try await CLI.run(["backup", file, "--data-dir", data.path], home: home)
            #expect(backup.stdout == "Backed up the store in \(data.path) to \(file) (1 favourite).\n")
        }
    }
}
