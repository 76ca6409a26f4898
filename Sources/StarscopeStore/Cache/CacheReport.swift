import Foundation
import GitHubAPI
import Synchronization

/// What a piece of work (one command, one web request) was told by the cache: whether any
/// answer came from the store because GitHub could not give a fresh one, and why.
public final class CacheReport: Sendable {
    public struct Stale: Sendable, Hashable {
        /// When the oldest stored answer that was shown had been fetched.
        public var fetchedAt: Date
        /// Why GitHub's answer could not be had (offline, rate limited, …).
        public var reason: GitHubError
    }

    private let state = Mutex<Stale?>(nil)

    public init() {}

    /// Set when at least one stale answer was used.
    public var stale: Stale? { state.withLock { $0 } }

    public func recordStale(fetchedAt: Date, reason: GitHubError) {
        state.withLock { current in
            if let existing = current, existing.fetchedAt <= fetchedAt { return }
            current = Stale(fetchedAt: fetchedAt, reason: reason)
        }
    }

    /// The report of the work in progress, set with `CacheReport.$current.withValue(…)`.
    @TaskLocal public static var current: CacheReport?
}
