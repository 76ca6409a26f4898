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

    /// The key in `directory/accounts.key`, made (256 random bits) on first use.
    public static func open(directory: URL) throws(StoreError) -> TokenVault {
        let url = directory.appendingPathComponent("accounts.key")
        if let data = FileManager.default.contents(atPath: url.path) {
            guard data.count == 32 else { throw .file(path: url.path, reason: "it is not a key Starscope made (32 bytes)") }
            chmod(url.path, 0o600)
            return TokenVault(key: SymmetricKey(data: data))
        }
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Data($0) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .file(path: directory.path, reason: "it cannot be created")
        }
        chmod(directory.path, 0o700)
        let descriptor = createFile(url.path, mode: 0o600)
        guard descriptor >= 0 else { throw .file(path: url.path, reason: String(cString: strerror(errno))) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        fsync(descriptor)
        close(descriptor)
        guard written == bytes.count else { throw .file(path: url.path, reason: "it could not be written") }
        return TokenVault(key: key)
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
