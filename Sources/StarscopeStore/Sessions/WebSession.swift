import Crypto
import Foundation
import StarscopeModels

/// A signed-in browser: the SHA-256 of its cookie's secret (never the secret itself), whose it
/// is, and until when it holds.
public struct WebSession: Codable, Sendable, Hashable {
    public var secretHash: String
    /// Whose session it is, as kept (`Viewer.stored`): read it as `viewer`.
    package var account: String
    public var createdAt: Date
    public var expiresAt: Date

    package init(secretHash: String, viewer: Viewer, createdAt: Date, expiresAt: Date) {
        self.secretHash = secretHash
        self.account = viewer.stored ?? Viewer.guestMarker
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// Whose session it is.
    public var viewer: Viewer { Viewer(stored: account) }

    /// A fresh secret for a cookie (256 random bits, hex), and the session that stores its hash
    /// (`.everyone` has no session of its own: asked for one, it gets a guest's).
    public static func make(for viewer: Viewer, lifetime: TimeInterval, now: Date = Date()) -> (secret: String, session: WebSession) {
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexString
        return (secret, WebSession(secretHash: hash(secret), viewer: viewer, createdAt: now, expiresAt: now + lifetime))
    }

    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).hexString
    }
}
