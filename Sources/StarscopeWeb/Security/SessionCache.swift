import Foundation
import StarscopeStore
import Synchronization

/// Sessions recently found valid, so that a page view does not read the database; an entry is
/// trusted for 30 seconds at most, and signing out forgets it at once.
final class SessionCache: Sendable {
    static let trustFor: TimeInterval = 30
    private let checked = Mutex<[String: Date]>([:])

    func isValid(secret: String, database: AppDatabase, now: Date = Date()) async -> Bool {
        let key = WebSession.hash(secret)
        if let until = checked.withLock({ $0[key] }), until > now { return true }
        guard let session = try? await database.session(secret: secret, now: now) else { return false }
        let until = min(session.expiresAt, now + Self.trustFor)
        checked.withLock { entries in
            if entries.count > 10_000 { entries = entries.filter { $0.value > now } }
            entries[key] = until
        }
        return true
    }

    func forget(secret: String) {
        _ = checked.withLock { $0.removeValue(forKey: WebSession.hash(secret)) }
    }
}
