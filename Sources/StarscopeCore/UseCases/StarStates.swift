import Foundation
import StarscopeStore
import Synchronization

/// Whether each person starred each repository on GitHub, as GitHub said a moment ago.
///
/// A detail page shows "Starred" or "Star": without this, every view of a repository that is not a
/// favourite asked GitHub once more (`GET /user/starred/OWNER/NAME`, one request of the person's
/// hourly budget, and up to `starStateWait` of the page's time). What GitHub said is kept for
/// `lifetime`, and what this app starred or unstarred is kept as soon as GitHub took it; a star
/// given on github.com shows here within `lifetime`.
public final class StarStates: Sendable {
    /// How long an answer stands in for GitHub's.
    public let lifetime: TimeInterval
    /// The most answers kept; past it the oldest half goes.
    public let capacity: Int
    private let states = Mutex<[Key: Entry]>([:])

    struct Key: Hashable {
        var viewer: Viewer
        var repository: String
    }

    struct Entry {
        var starred: Bool
        var at: Date
    }

    public init(lifetime: TimeInterval = 120, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = max(1, capacity)
    }

    /// What GitHub said for `viewer` about `repository` within `lifetime` of `now`, if anything.
    public func state(for viewer: Viewer, repository: String, now: Date) -> Bool? {
        let key = Key(viewer: viewer, repository: repository.lowercased())
        return states.withLock { states in
            guard let entry = states[key] else { return nil }
            let age = now.timeIntervalSince(entry.at)
            guard age >= 0, age < lifetime else {
                states[key] = nil
                return nil
            }
            return entry.starred
        }
    }

    public func record(_ starred: Bool, for viewer: Viewer, repository: String, now: Date) {
        let key = Key(viewer: viewer, repository: repository.lowercased())
        states.withLock { states in
            if states[key] == nil, states.count >= capacity {
                let oldest = states.sorted { $0.value.at < $1.value.at }.prefix(max(1, states.count / 2)).map(\.key)
                for key in oldest { states[key] = nil }
            }
            states[key] = Entry(starred: starred, at: now)
        }
    }

    /// Drops every answer (the token in use changed: the stars may be someone else's).
    public func forgetAll() {
        states.withLock { $0.removeAll() }
    }
}
