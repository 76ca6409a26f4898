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
        /// What kept answers stood in for, in the order first met, each once
        /// ("octocat/Hello-World's README"; see `StaleSubject`).
        public var subjects: [String] = []

        public init(fetchedAt: Date, reason: GitHubError, subjects: [String] = []) {
            self.fetchedAt = fetchedAt
            self.reason = reason
            self.subjects = subjects
        }
    }

    /// A rate limit GitHub said was used up: which resource (`core`, `search`, …), its limit for
    /// the token in use (0 when GitHub did not say) and when it resets.
    public struct RateLimitHit: Sendable, Hashable {
        public var resource: String
        public var limit: Int
        public var reset: Date?

        public init(resource: String, limit: Int, reset: Date?) {
            self.resource = resource
            self.limit = limit
            self.reset = reset
        }
    }

    private let state = Mutex<Stale?>(nil)
    private let hits = Mutex<[String: RateLimitHit]>([:])

    public init() {}

    /// Set when at least one stale answer was used.
    public var stale: Stale? { state.withLock { $0 } }

    /// Each resource whose limit was used up, `core` first, then by name.
    public var rateLimits: [RateLimitHit] {
        hits.withLock { $0.values.sorted { ($0.resource == "core" ? 0 : 1, $0.resource) < ($1.resource == "core" ? 0 : 1, $1.resource) } }
    }

    /// Records that a kept answer about `subject`, fetched at `fetchedAt`, stood in for GitHub's.
    public func recordStale(fetchedAt: Date, reason: GitHubError, subject: String) {
        if case .rateLimited(let resource, let limit, let reset) = reason {
            hits.withLock { hits in
                let name = resource.isEmpty ? "core" : resource
                if let known = hits[name], let old = known.reset, let new = reset, old >= new { return }
                hits[name] = RateLimitHit(resource: name, limit: limit, reset: reset)
            }
        }
        state.withLock { current in
            var subjects = current?.subjects ?? []
            // Bounded: a page that fell back on hundreds of answers names a few and counts the rest.
            if !subjects.contains(subject), subjects.count < 100 { subjects.append(subject) }
            if let existing = current, existing.fetchedAt <= fetchedAt {
                current?.subjects = subjects
            } else {
                current = Stale(fetchedAt: fetchedAt, reason: reason, subjects: subjects)
            }
        }
    }

    /// The report of the work in progress, set with `CacheReport.$current.withValue(…)`.
    @TaskLocal public static var current: CacheReport?
}
