import Foundation
import Testing

@testable import StarscopeStore

/// The cache's key lives in the configuration directory (0600), never in the store: made once,
/// read again unchanged, the same for processes that make it at once, and refused with a
/// sentence when it is not a key.
@Suite struct CacheKeyTests {
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("starscope-cache-key-\(UUID().uuidString)")
    }

    @Test func theKeyIsMadeOncePrivateAndReadAgain() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try CacheKey.open(directory: directory)
        #expect(key.count == 32)
        #expect(try CacheKey.open(directory: directory) == key)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("cache.key").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // Nothing but the key is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cache.key"])
    }

    @Test func processesMakingItAtOnceGetOneKey() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let keys = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<16 { group.addTask { try CacheKey.open(directory: directory) } }
            return try await group.reduce(into: Set<Data>()) { $0.insert($1) }
        }
        #expect(keys.count == 1)
    }

    @Test func somethingElseInItsPlaceIsRefused() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("short".utf8).write(to: directory.appendingPathComponent("cache.key"))
        #expect(
            throws: StoreError.file(
                path: directory.appendingPathComponent("cache.key").path, reason: "it is not a key Starscope made (32 bytes)")
        ) {
            try CacheKey.open(directory: directory)
        }
    }
}
