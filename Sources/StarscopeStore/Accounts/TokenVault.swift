import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seals the tokens of a server's accounts (AES-GCM) with a key kept apart from the database: a
/// file of mode 0600 in the config directory (0700). A copy of the database alone reveals no token.
public struct TokenVault: Sendable {
    let key: SymmetricKey

    public init(key: SymmetricKey) {
        self.key = key
    }

    /// What `directory/accounts.key` holds.
    public enum KeyFile: Sendable {
        case missing
        /// It is there but cannot be used: `reason` says why, in a few words.
        case unreadable(reason: String)
        case key(TokenVault)
    }

    static func url(directory: URL) -> URL { directory.appendingPathComponent("accounts.key") }

    /// Reads `directory/accounts.key` without making one (see `AccountsKey.prepare`).
    public static func read(directory: URL) -> KeyFile {
        let url = url(directory: directory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .missing }
        guard !isDirectory.boolValue else { return .unreadable(reason: "it is a directory") }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .unreadable(reason: "it cannot be read (check its owner and mode)")
        }
        guard data.count == 32 else { return .unreadable(reason: "it is not a key Starscope made (32 bytes)") }
        chmod(url.path, 0o600)
        return .key(TokenVault(key: SymmetricKey(data: data)))
    }

    /// The key in `directory/accounts.key`, made (256 random bits) on first use.
    public static func open(directory: URL) throws(StoreError) -> TokenVault {
        switch read(directory: directory) {
        case .key(let vault): return vault
        case .unreadable(let reason): throw .file(path: url(directory: directory).path, reason: reason)
        case .missing: return try create(directory: directory)
        }
    }

    /// A new key in `directory/accounts.key` (mode 0600, directory 0700), replacing whatever was
    /// there: written to a new file, then renamed over the old one.
    public static func create(directory: URL) throws(StoreError) -> TokenVault {
        let url = url(directory: directory)
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Data($0) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .file(path: directory.path, reason: "it cannot be created")
        }
        chmod(directory.path, 0o700)
        let temporary = url.path + ".new"
        unlink(temporary)
        let descriptor = createFile(temporary, mode: 0o600)
        guard descriptor >= 0 else { throw .file(path: url.path, reason: String(cString: strerror(errno))) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fsync(descriptor)
        close(descriptor)
        guard written == bytes.count else {
            unlink(temporary)
            throw .file(path: url.path, reason: "it could not be written")
        }
        if (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeDirectory {
            try? FileManager.default.removeItem(at: url)
        }
        guard rename(temporary, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .file(path: url.path, reason: reason)
        }
        return TokenVault(key: key)
    }

    /// An HMAC-SHA256 of a fixed text under the key: the store keeps it to tell, at the next
    /// start, whether `accounts.key` is still the key the tokens were sealed with. It reveals
    /// nothing of the key.
    public var check: Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data("starscope accounts.key check 1".utf8), using: key))
    }

    public func seal(_ token: String) throws(StoreError) -> Data {
        do {
            guard let combined = try AES.GCM.seal(Data(token.utf8), using: key).combined else {
                throw StoreError.database("a token could not be sealed")
            }
            return combined
        } catch {
            throw .database("a token could not be sealed")
        }
    }

    /// The token, or nil when it was sealed with another key (the key file was replaced).
    public func unseal(_ data: Data) -> String? {
        guard let box = try? AES.GCM.SealedBox(combined: data), let plain = try? AES.GCM.open(box, using: key) else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }
}

/// `open(2)` for a new file (the type's own `open` would shadow it there).
private func createFile(_ path: String, mode: mode_t) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
}
