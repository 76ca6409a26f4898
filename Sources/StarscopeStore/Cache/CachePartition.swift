import Crypto
import Foundation
import Synchronization

/// The part of the answer cache one token's answers are kept in: ETags and answers differ per
/// token, and what an account's token read is that account's alone.
///
/// Its name is the partition of the account whose token it is (`Viewer.tokenHolder`, so that
/// forgetting an account forgets its answers) and an HMAC-SHA256 of the token under the store's
/// own key (`Store.cachePartitionKey`): never the token, nor a bare hash of it that a guess
/// could be checked against.
package final class CachePartition: Sendable {
    private let holder: Viewer
    private let token: String?
    private let name = Mutex<String?>(nil)

    package init(holder: Viewer, token: String?) {
        self.holder = holder
        self.token = token
    }

    /// The store's key, in `keyCheck`.
    package static let keyName = "cache.key"

    /// 256 random bits, for a store that has no key yet (made as `TokenVault` makes its key).
    package static func newKey() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// Where the answers of `viewer`'s token start: what forgetting that account deletes.
    package static func prefix(of viewer: Viewer) -> String {
        viewer.tokenHolder.lowercased() + "/"
    }

    /// The partition's name under `key`.
    package static func name(holder: Viewer, token: String?, key: Data) -> String {
        guard let token else { return prefix(of: holder) + "anonymous" }
        let mac = HMAC<SHA256>.authenticationCode(for: Data(token.utf8), using: SymmetricKey(data: key))
        return prefix(of: holder) + Data(mac).prefix(12).hexString
    }

    /// The name, worked out once with the store's key; nil while the store cannot be read.
    package func name(in database: any Store) async -> String? {
        if let known = name.withLock({ $0 }) { return known }
        guard let key = try? await database.cachePartitionKey() else { return nil }
        let made = Self.name(holder: holder, token: token, key: key)
        name.withLock { $0 = made }
        return made
    }
}
