import Foundation
import StarscopeStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `starscope.lock` beside the store: every running `serve` holds it shared for as long as it
/// runs, and `restore` must hold it alone, so a store a server has open is never replaced under
/// it. The kernel lets it go when the process ends, however it ends.
public final class StoreLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Held by a running server: any number at once (waits while a restore runs).
    public static func shared(directory: URL) throws(StoreError) -> StoreLock {
        guard let lock = try take(directory: directory, operation: LOCK_SH) else {
            throw .file(path: directory.path, reason: "its lock could not be taken")
        }
        return lock
    }

    /// Held by a restore: nil when a server holds the store.
    public static func alone(directory: URL) throws(StoreError) -> StoreLock? {
        try take(directory: directory, operation: LOCK_EX | LOCK_NB)
    }

    /// The lock, or nil when `LOCK_NB` was asked and another process holds it.
    private static func take(directory: URL, operation: Int32) throws(StoreError) -> StoreLock? {
        try PrivateFiles.directory(directory)
        let path = directory.appendingPathComponent("starscope.lock").path
        try PrivateFiles.file(path, create: true)
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw .file(path: path, reason: PrivateFiles.lastError) }
        while flock(descriptor, operation) != 0 {
            if errno == EINTR { continue }
            let busy = errno == EWOULDBLOCK
            let reason = PrivateFiles.lastError
            close(descriptor)
            if busy { return nil }
            throw .file(path: path, reason: reason)
        }
        return StoreLock(descriptor: descriptor)
    }
}
