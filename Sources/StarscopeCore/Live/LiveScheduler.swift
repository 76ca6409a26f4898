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

    public mutating func round(_ sources: Set<LiveSource>, explorer: Explorer, now: @Sendable () -> Date = { Date() }) async -> Round {
        var round = Round()
        var perResource: [String: Int] = [:]
        var pause: TimeInterval = 0
        for source in sources {
            perResource[source.resource, default: 0] += 1
            let result = await explorer.check(source)
            if let rateLimit = result.rateLimit { limits[source.resource] = rateLimit }
            switch result.failure {
            case .secondaryRateLimit(let retryAfter)?:
                pause = max(pause, budget.plan(afterSecondaryLimit: retryAfter).seconds)
            case .rateLimited(let resource, let limit, let reset)?:
                limits[resource] = RateLimit(resource: resource, limit: limit, remaining: 0, used: limit, reset: reset)
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
