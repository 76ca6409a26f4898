import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key that names each token's partition of GitHub's kept answers (`CachePartition`): 256
/// random bits in `cache.key` of the configuration directory (mode 0600, beside `accounts.key`),
/// never in the store, so a copy of the database or a backup cannot confirm which account a
/// candidate token belongs to. Made on first use; every instance of a team reads the same file
/// (they share the configuration directory), and a store restored elsewhere starts new partitions.
public enum CacheKey {
    static func url(directory: URL) -> URL { directory.appendingPathComponent("cache.key") }

    /// The key in `directory/cache.key`, made when there is none. When several processes make it
    /// at once, one file wins and all of them read it.
    public static func open(directory: URL) throws(StoreError) -> Data {
        let url = url(directory: directory)
        if let key = try read(url) { return key }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .file(path: directory.path, reason: "it cannot be created")
        }
        chmod(directory.path, 0o700)
        let temporary = url.path + ".\(UUID().uuidString)"
        let descriptor = createNewFile(temporary)
        guard descriptor >= 0 else { throw .file(path: url.path, reason: String(cString: strerror(errno))) }
        defer { unlink(temporary) }
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fsync(descriptor)
        close(descriptor)
        guard written == bytes.count else { throw .file(path: url.path, reason: "it could not be written") }
        // link(2) never replaces a file: if another process made one meanwhile, its key is the key.
        if link(temporary, url.path) != 0, errno != EEXIST {
            throw .file(path: url.path, reason: String(cString: strerror(errno)))
        }
        guard let key = try read(url) else { throw .file(path: url.path, reason: "it could not be written") }
        return key
    }

    /// The key in `url`, or nil when there is no such file.
    private static func read(_ url: URL) throws(StoreError) -> Data? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
            throw .file(path: url.path, reason: "it cannot be read (check its owner and mode)")
        }
        guard data.count == 32 else { throw .file(path: url.path, reason: "it is not a key Starscope made (32 bytes)") }
        chmod(url.path, 0o600)
        return data
    }
}

/// `open(2)` for a new file of mode 0600 (the type's own `open` would shadow it there).
private func createNewFile(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
}
