import Crypto
import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

/// Avatars on disk: each downloaded once, stored by content (SHA-256), bounded in total size
/// with least-recently-used eviction; concurrent requests for one avatar share one download.
public actor AvatarCache: AvatarImages {
    public typealias Image = AvatarImage

    /// Fetches an avatar's bytes and content type from the network.
    public typealias Download = @Sendable (URL) async throws -> Image

    let database: AppDatabase
    let directory: URL
    let maximumBytes: Int
    let download: Download
    private var inFlight: [URL: Task<Image, any Error>] = [:]
    /// Whether the files already in the directory have been made 0600 in this process.
    private var isPrivate = false

    public init(database: AppDatabase, directory: URL, maximumBytes: Int = 100 * 1024 * 1024, download: @escaping Download) {
        self.database = database
        self.directory = directory
        self.maximumBytes = maximumBytes
        self.download = download
    }

    /// The avatar at `url`, from disk when it was downloaded before.
    public func image(for url: URL) async throws -> Image {
        if let stored = try await stored(url) { return stored }
        if let task = inFlight[url] { return try await task.value }
        let task = Task { try await self.fetchAndStore(url) }
        inFlight[url] = task
        defer { inFlight[url] = nil }
        return try await task.value
    }

    private func stored(_ url: URL) async throws -> Image? {
        let key = url.absoluteString
        let found = try await database.read { db -> (hash: String, contentType: String)? in
            guard let row = try Row.fetchOne(db, sql: "SELECT contentHash, contentType FROM avatar WHERE url = ?", arguments: [key]) else {
                return nil
            }
            return (row["contentHash"], row["contentType"])
        }
        guard let found, let data = FileManager.default.contents(atPath: file(found.hash).path) else { return nil }
        let now = Date()
        try await database.write { db in
            try db.execute(sql: "UPDATE avatar SET lastUsedAt = ? WHERE url = ?", arguments: [now.stored, key])
        }
        return Image(data: data, contentType: found.contentType)
    }

    private func fetchAndStore(_ url: URL) async throws -> Image {
        let image = try await download(url)
        let hash = SHA256.hash(data: image.data).hexString
        try makePrivate()
        let target = file(hash)
        if !FileManager.default.fileExists(atPath: target.path) {
            try PrivateFiles.write(image.data, to: target)
        }
        let key = url.absoluteString
        let size = image.data.count
        let limit = maximumBytes
        let now = Date()
        let orphans = try await database.write { db -> [String] in
            try db.execute(
                sql: "INSERT OR REPLACE INTO avatar (url, contentHash, contentType, size, lastUsedAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [key, hash, image.contentType, size, now.stored])
            var total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM avatar") ?? 0
            var removed: [String] = []
            for row in try Row.fetchAll(db, sql: "SELECT url, contentHash, size FROM avatar ORDER BY lastUsedAt ASC") where total > limit {
                let oldURL: String = row["url"]
                guard oldURL != key else { continue }
                try db.execute(sql: "DELETE FROM avatar WHERE url = ?", arguments: [oldURL])
                total -= row["size"] as Int
                let oldHash: String = row["contentHash"]
                if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM avatar WHERE contentHash = ?", arguments: [oldHash]) == 0 {
                    removed.append(oldHash)
                }
            }
            return removed
        }
        for hash in orphans { try? FileManager.default.removeItem(at: file(hash)) }
        return image
    }

    /// Creates the directory (or makes it) 0700 and, once per process, makes the files already in
    /// it 0600, whatever the umask made them before.
    private func makePrivate() throws(StoreError) {
        try PrivateFiles.directory(directory)
        guard !isPrivate else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names { try PrivateFiles.file(directory.appendingPathComponent(name).path, create: false) }
        isPrivate = true
    }

    private func file(_ hash: String) -> URL {
        directory.appendingPathComponent(hash)
    }

    /// Bytes of avatars on disk, by the index.
    public func totalBytes() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM avatar") ?? 0 }
    }
}
