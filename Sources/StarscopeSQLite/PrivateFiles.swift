import Foundation
import StarscopeModels
import StarscopeStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files only their owner can read: directories of mode 0700 and files of mode 0600, set
/// explicitly (not left to the umask) and set again on files and directories that already existed.
enum PrivateFiles {
    /// Creates `directory` (and its parents) when missing, and makes it 0700 either way.
    static func directory(_ directory: URL) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .file(path: directory.path, reason: "the directory cannot be created")
        }
        guard chmod(directory.path, 0o700) == 0 else { throw .file(path: directory.path, reason: Self.lastError) }
    }

    /// Makes the file at `path` 0600, creating it empty first when `create` is set; a missing file
    /// that is not to be created is left missing.
    static func file(_ path: String, create: Bool) throws(StoreError) {
        guard create else {
            guard chmod(path, 0o600) == 0 || errno == ENOENT else { throw .file(path: path, reason: Self.lastError) }
            return
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .file(path: path, reason: Self.lastError) }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else { throw .file(path: path, reason: Self.lastError) }
    }

    /// Writes `data` to `url` atomically as a 0600 file: a new file, renamed over any old one.
    static func write(_ data: Data, to url: URL) throws(StoreError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent)-\(UUID().uuidString)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .file(path: temporary.path, reason: Self.lastError) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            guard fchmod(descriptor, 0o600) == 0 else { throw StoreError.file(path: temporary.path, reason: Self.lastError) }
            try handle.write(contentsOf: data)
            try handle.close()
        } catch {
            unlink(temporary.path)
            throw .file(path: temporary.path, reason: "it could not be written")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = Self.lastError
            unlink(temporary.path)
            throw .file(path: url.path, reason: reason)
        }
    }

    static var lastError: String {
        String(cString: strerror(errno))
    }
}
