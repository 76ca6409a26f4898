import Crypto
import Foundation

/// The part of the answer cache one token's answers are kept in: ETags and answers differ per
/// token, and what an account's token read is that account's alone.
///
/// Its name is the partition of the account whose token it is (`Viewer.tokenHolder`, so that
/// forgetting an account forgets its answers) and an HMAC-SHA256 of the token under the key in
/// the configuration directory (`CacheKey`): never the token, nor a bare hash of it that a guess
/// could be checked against, and nothing in the store can check one either.
package struct CachePartition: Sendable {
    /// The partition's name.
    package let name: String

    package init(holder: Viewer, token: String?, key: Data) {
        name = Self.name(holder: holder, token: token, key: key)
    }

    /// 256 random bits (as `CacheKey` makes them).
    package static func newKey() -> Data {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// Where the answers of `viewer`'s token start: what forgetting that account deletes.
    package static func prefix(of viewer: Viewer) -> String {
        viewer.tokenHolder + "/"
    }

    /// The partition's name under `key`.
    package static func name(holder: Viewer, token: String?, key: Data) -> String {
        guard let token else { return prefix(of: holder) + "anonymous" }
        let mac = HMAC<SHA256>.authenticationCode(for: Data(token.utf8), using: SymmetricKey(data: key))
        return prefix(of: holder) + Data(mac).prefix(12).hexString
    }
}
