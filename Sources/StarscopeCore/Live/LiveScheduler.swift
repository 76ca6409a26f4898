import Foundation
import GitHubAPI
import StarscopeModels

/// Runs rounds of live checks within a `LiveBudget`: each source once per round, then the wait
/// the budget allows for the buckets the round spent from. Shared by the web app's live hub and
/// the terminal's `--watch`.
public struct LiveScheduler: Sendable {
    public let budget: LiveBudget
    /// The latest snapshot of each bucket (`core`, `search`).
    public private(set) var limits: [String: RateLimit] = [:]

    public init(budget: LiveBudget) {
        self.budget = budget
    }

    public struct Round: Sendable {
        /// Star counts by `owner/name`, per source that answered.
        public var stars: [LiveSource: [String: Int]] = [:]
        /// How long to wait before the next round.
        public var delay: TimeInterval = 0
    }

    /// Where the next round starts in the sources: at the first one the last round had no budget
    /// for, so that every source gets its turn.
    private var cursor = 0

    /// Checks each source once, in turn, until the round's budget is spent: for each bucket, the
    /// `share` of what remained when the round began (unknown until GitHub first reports it).
    public mutating func round(_ sources: Set<LiveSource>, reading: ReadContext, now: @Sendable () -> Date = { Date() }) async -> Round {
        var round = Round()
        var perResource: [String: Int] = [:]
        var pause: TimeInterval = 0
        let ordered = sources.sorted { String(describing: $0) < String(describing: $1) }
        let start = ordered.isEmpty ? 0 : cursor % ordered.count
        var firstSkipped: Int?
        defer { cursor = firstSkipped ?? start }
        // A snapshot from before the last reset says nothing about the budget now.
        let began = now()
        limits = limits.filter { $0.value.reset > began }
        var floor: [String: Int] = [:]
        for (resource, limit) in limits { floor[resource] = limit.remaining - budget.allowance(of: limit.remaining) }
        for (offset, source) in (ordered[start...] + ordered[..<start]).enumerated() {
            if let current = limits[source.resource], let stop = floor[source.resource], current.remaining <= stop {
                if firstSkipped == nil { firstSkipped = (start + offset) % ordered.count }
                perResource[source.resource, default: 0] += 0
                continue
            }
            perResource[source.resource, default: 0] += 1
            let result = await reading.check(source)
            if let rateLimit = result.rateLimit {
                if floor[source.resource] == nil {
                    let before = rateLimit.remaining + 1
                    floor[source.resource] = before - budget.allowance(of: before)
                }
                limits[source.resource] = rateLimit
            }
            switch result.failure {
            case .secondaryRateLimit(let retryAfter)?:
                pause = max(pause, budget.plan(afterSecondaryLimit: retryAfter).seconds)
            case .rateLimited(let resource, let limit, let reset)?:
                // Without a reset time, assume GitHub's longest window (an hour) rather than retry at once.
                limits[resource] = RateLimit(
                    resource: resource, limit: limit, remaining: 0, used: limit, reset: reset ?? now().addingTimeInterval(3_600))
            case nil:
                round.stars[source] = result.stars
            default:
                break
            }
            if pause > 0 { break }
        }
        let time = now()
        let delays = perResource.map { resource, count in budget.plan(after: limits[resource], requestsPerCheck: count, now: time).seconds }
        round.delay = max(pause, delays.max() ?? budget.minimumInterval)
        return round
    }
}
