import Foundation
import StarscopeStore
import Synchronization

/// Sessions recently found valid, so that a page view does not read the database; an entry is
/// trusted for 30 seconds at most, and signing out forgets it at once. On a shared store (several
/// instances) nothing is kept: a sign-out on one instance must end the session on all of them at
/// once, and the read is one indexed row.
final class SessionCache: Sendable {
    static let trustFor: TimeInterval = 30
    private let checked = Mutex<[String: (until: Date, viewer: Viewer)]>([:])

    /// Whose session has its cookie hold `secret`, or nil when there is no such session.
    func viewer(secret: String, database: any Store, now: Date = Date()) async -> Viewer? {
        guard !database.isShared else { return try? await database.session(secret: secret, now: now)?.viewer }
        let key = WebSession.hash(secret)
        if let entry = checked.withLock({ $0[key] }), entry.until > now { return entry.viewer }
        guard let session = try? await database.session(secret: secret, now: now) else { return nil }
        let until = min(session.expiresAt, now + Self.trustFor)
        checked.withLock { entries in
            if entries.count > 10_000 { entries = entries.filter { $0.value.until > now } }
            entries[key] = (until, session.viewer)
        }
        return session.viewer
    }

    func forget(secret: String) {
        _ = checked.withLock { $0.removeValue(forKey: WebSession.hash(secret)) }
    }

    /// Forgets every session of `viewer` (signed out everywhere, or forgotten).
    func forget(_ viewer: Viewer) {
        checked.withLock { entries in entries = entries.filter { !Self.same($0.value.viewer, viewer) } }
    }

    /// Account keys are compared without case, as the store does.
    static func same(_ a: Viewer, _ b: Viewer) -> Bool {
        guard let x = a.accountKey, let y = b.accountKey else { return a == b }
        return x.rawValue.caseInsensitiveCompare(y.rawValue) == .orderedSame
    }
}
