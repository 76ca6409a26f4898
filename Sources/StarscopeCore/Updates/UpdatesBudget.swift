import Foundation

/// How many requests a background round of update checks may spend: its part of the live share
/// of what remains of GitHub's limit, spread over the rounds left before the reset, and nothing
/// once the limit is low.
public enum UpdatesBudget {
    /// Below this part of the limit, background checks stop until the reset.
    public static let reserve = 0.1

    /// Requests for one round every `interval` seconds, or nil to skip the round.
    public static func requests(remaining: Int, limit: Int, reset: Date, share: Double, interval: TimeInterval, now: Date) -> Int? {
        guard limit > 0, Double(remaining) > Double(limit) * reserve else { return nil }
        let untilReset = max(interval, reset.timeIntervalSince(now))
        let rounds = max(1, untilReset / interval)
        let requests = Int((Double(remaining) * share / rounds).rounded(.down))
        return requests > 0 ? requests : nil
    }
}
