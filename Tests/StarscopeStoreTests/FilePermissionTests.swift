import Foundation
import Testing

@testable import StarscopeSQLite
@testable import StarscopeStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The data directory is 0700 and the database and avatar files 0600, even when an older
/// version (or the umask) left them readable by others.
@Suite(.serialized) struct FilePermissionTests {
    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
    }

    static func withUmask<T>(_ mask: mode_t, _ body: () async throws -> T) async rethrows -> T {
        let previous = umask(mask)
        defer { umask(previous) }
        return try await body()
    }

    @Test func existingOpenDirectoryAndFilesAreMadePrivate() async throws {
        let directory = FavoritesTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.withUmask(0o022) {
            let first = try AppDatabase.open(directory: directory)
            try await first.addFavorite(makeRepository(1, "a/one"), for: .owner)
            let files = ["starscope.sqlite", "starscope.sqlite-wal", "starscope.sqlite-shm"].map {
                directory.appendingPathComponent($0).path
            }
            // As an older version left them: the directory 0755, the files 0644.
            #expect(chmod(directory.path, 0o755) == 0)
            for file in files { #expect(chmod(file, 0o644) == 0) }
            #expect(Self.mode(directory.path) == 0o755)

            let reopened = try AppDatabase.open(directory: directory)
            #expect(Self.mode(directory.path) == 0o700)
            for file in files { #expect(Self.mode(file) == 0o600, "\(file)") }
            #expect(try await reopened.favorites(for: .owner).map(\.repository.fullName) == ["a/one"])
            _ = first
        }
    }

    @Test func newDatabaseFilesArePrivateUnderAnOpenUmask() async throws {
        let parent = FavoritesTests.temporaryDirectory()
        let directory = parent.appendingPathComponent("data")
        defer { try? FileManager.default.removeItem(at: parent) }
        try await Self.withUmask(0o022) {
            let database = try AppDatabase.open(directory: directory)
            try await database.addFavorite(makeRepository(2, "b/two"), for: .owner)
            #expect(Self.mode(directory.path) == 0o700)
            for name in ["starscope.sqlite", "starscope.sqlite-wal", "starscope.sqlite-shm"] {
                #expect(Self.mode(directory.appendingPathComponent(name).path) == 0o600, "\(name)")
            }
        }
    }

    @Test func avatarDirectoryAndFilesArePrivate() async throws {
        let directory = FavoritesTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.withUmask(0o022) {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            #expect(chmod(directory.path, 0o755) == 0)
            let old = directory.appendingPathComponent("0123abcd")
            try Data("old".utf8).write(to: old)
            #expect(chmod(old.path, 0o644) == 0)
            let cache = AvatarCache(database: try .inMemory(), directory: directory) { url in
                AvatarCache.Image(data: Data(url.absoluteString.utf8), contentType: "image/png")
            }
            let url = try #require(URL(string: "https://avatars.githubusercontent.com/u/1"))
            _ = try await cache.image(for: url)
            #expect(Self.mode(directory.path) == 0o700)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(names.count == 2)
            for name in names { #expect(Self.mode(directory.appendingPathComponent(name).path) == 0o600, "\(name)") }
        }
    }
}
