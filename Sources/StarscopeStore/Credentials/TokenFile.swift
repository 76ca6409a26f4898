import Foundation
import GitHubAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stored token: one file of mode 0600 in a directory of mode 0700.
public struct TokenFile: Sendable {
    public let directory: URL
    public var url: URL { directory.appendingPathComponent("token") }

    public init(directory: URL) {
        self.directory = directory
    }

    public func read() throws(StoreError) -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .file(path: url.path, reason: "it cannot be read")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { return nil }
        try Self.check(token, path: url.path)
        return token
    }

    /// Writes the token atomically: a new 0600 file renamed over the old one.
    public func write(_ token: String) throws(StoreError) {
        try Self.check(token, path: url.path)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            chmod(directory.path, 0o700)
            let temporary = directory.appendingPathComponent(".token-\(UUID().uuidString)")
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            guard descriptor >= 0 else { throw StoreError.file(path: temporary.path, reason: String(cString: strerror(errno))) }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            do {
                try handle.write(contentsOf: Data((token + "\n").utf8))
                try handle.synchronize()
                try handle.close()
            } catch {
                unlink(temporary.path)
                throw StoreError.file(path: temporary.path, reason: "it could not be written")
            }
            guard rename(temporary.path, url.path) == 0 else {
                unlink(temporary.path)
                throw StoreError.file(path: url.path, reason: "it could not be written")
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .file(path: directory.path, reason: String(describing: error))
        }
    }

    /// Refuses a token that is not printable ASCII, naming only what is wrong with it.
    static func check(_ token: String, path: String) throws(StoreError) {
        guard !GitHubToken.isWellFormed(token) else { return }
        guard let flaw = GitHubToken.flaw(in: token) else { throw .file(path: path, reason: "the token is empty") }
        throw .file(path: path, reason: "the token in it contains characters a GitHub token cannot have (\(flaw)); store it again")
    }

    /// Deletes the token file; false when there was none.
    @discardableResult
    public func delete() throws(StoreError) -> Bool {
        guard FileManager.default.fileExists(atPath: url.path) else { return false }
        do {
            try FileManager.default.removeItem(at: url)
            return true
        } catch {
            throw .file(path: url.path, reason: String(describing: error))
        }
    }
}
