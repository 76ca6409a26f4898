import Foundation
import StarscopeStore
import Synchronization

/// Sessions recently found valid, so that a page view does not read the database; an entry is
/// trusted for 30 seconds at most, and signing out forgets it at once. On a shared store (several
/// instances) nothing is kept: a sign-out on one instance must end the session on all of them at
/// once, and the read is one indexed row.
final class SessionCache: Sendable {
    static let trustFor: TimeInterval = 30
    private let checked = Mutex<[String: (until: Date, account: String)]>([:])

    /// The account of the session whose cookie holds `secret` ("" for the one user of a server
    /// without accounts), or nil when there is no such session.
    func account(secret: String, database: any Store, now: Date = Date()) async -> String? {
        guard !database.isShared else { return try? await database.session(secret: secret, now: now)?.account }
        let key = WebSession.hash(secret)
        if let entry = checked.withLock({ $0[key] }), entry.until > now { return entry.account }
        guard let session = try? await database.session(secret: secret, now: now) else { return nil }
        let until = min(session.expiresAt, now + Self.trustFor)
        checked.withLock { entries in
            if entries.count > 10_000 { entries = entries.filter { $0.value.until > now } }
            entries[key] = (until, session.account)
        }
        return session.account
    }

    func forget(secret: String) {
        _ = checked.withLock { $0.removeValue(forKey: WebSession.hash(secret)) }
    }

    /// Forgets every session of `account` (signed out everywhere, or forgotten).
    func forget(account: String) {
        checked.withLock { entries in entries = entries.filter { $0.value.account.caseInsensitiveCompare(account) != .orderedSame } }
    }
}
