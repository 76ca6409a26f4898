import Foundation
import StarscopeModels

/// How often live re-checks may run: never more than a share of what remains of the rate limit
/// before it resets, slower as it shrinks, never below a minimum interval, stopping before it
/// runs out, and waiting out a secondary limit's `retry-after`.
public struct LiveBudget: Sendable, Hashable {
    /// The share of the remaining requests live checks may spend (default: half).
    public var share: Double
    /// The shortest wait between two checks, in seconds.
    public var minimumInterval: TimeInterval

    public init(share: Double = 0.5, minimumInterval: TimeInterval = 60) {
        // Held to what makes sense (NaN and infinity included), so a wait computed from them is a real duration.
        self.share = share.isNaN ? 0.5 : min(1, max(0, share))
        self.minimumInterval = minimumInterval.isNaN ? 60 : min(max(0.5, minimumInterval), 86_400)
    }

    /// What to do next, given the latest snapshot of the bucket the checks spend from.
    public enum Plan: Sendable, Hashable {
        /// Check again after this many seconds.
        case checkAfter(TimeInterval)
        /// The share is used up: wait until the limit resets (this many seconds).
        case pauseUntilReset(TimeInterval)

        /// How long to wait, either way.
        public var seconds: TimeInterval {
            switch self {
            case .checkAfter(let seconds), .pauseUntilReset(let seconds): seconds
            }
        }
    }

    /// `requestsPerCheck` is how many requests one round of checks spends from this bucket.
    public func plan(after rateLimit: RateLimit?, requestsPerCheck: Int = 1, now: Date) -> Plan {
        guard let rateLimit else { return .checkAfter(minimumInterval) }
        let untilReset = max(1, rateLimit.reset.timeIntervalSince(now))
        let rounds = (Double(rateLimit.remaining) * share / Double(max(1, requestsPerCheck))).rounded(.down)
        guard rounds >= 1 else { return .pauseUntilReset(untilReset) }
        return .checkAfter(max(minimumInterval, untilReset / rounds))
    }

    /// How many of `remaining` requests one round may spend: the share, rounded down.
    public func allowance(of remaining: Int) -> Int {
        Int((Double(max(0, remaining)) * share).rounded(.down))
    }

    /// A secondary limit asks for `retryAfter` seconds (GitHub says at least a minute without it).
    public func plan(afterSecondaryLimit retryAfter: Int?) -> Plan {
        .pauseUntilReset(max(minimumInterval, TimeInterval(retryAfter ?? 60)))
    }
}
