import Foundation
import Logging
import ServiceLifecycle
import StarscopeCore
import StarscopeStore
import Synchronization

/// What `serve` does in the background, every `STARSCOPE_UPDATES_INTERVAL` seconds: checks
/// favourites for updates, with half of the live share (live counts have the other half), asking
/// GitHub nothing when there are no favourites; and warms Rising up with three searches.
struct BackgroundChecks: Service {
    let services: WebServices

    func run() async throws {
        guard services.settings.backgroundRounds else {
            // Returning would end the whole service group, the server with it: wait for its end.
            try? await gracefulShutdown()
            return
        }
        // A first round soon after starting, then one every interval.
        // Graceful shutdown cancels the sleep and ends the loop.
        await cancelWhenGracefulShutdown { [services] in
            var wait = min(30, services.settings.updatesInterval)
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(wait))
                if Task.isCancelled { break }
                if await services.claimBackgroundRound() {
                    let (metrics, clock) = (services.metrics, ContinuousClock())
                    var updates: UpdatesCheck.Round?
                    metrics.round("updates", took: await clock.measure { updates = await services.updatesRound() })
                    if let updates { services.report(updates) }
                    metrics.round("warm_up", took: await clock.measure { _ = await services.warmUpRound() })
                    metrics.round("breaking_out", took: await clock.measure { _ = await services.breakingOutRound() })
                }
                wait = services.settings.updatesInterval
            }
        }
    }
}

extension WebServices {
    /// Whether this instance runs this interval's round: always alone, and on a shared store
    /// only the instance that claims the round's lease (one round per interval for the team).
    func claimBackgroundRound(now: Date = Date()) async -> Bool {
        guard database.isShared else { return true }
        let until = now.addingTimeInterval(settings.updatesInterval * 0.9)
        return (try? await database.claimLease("background round", holder: LeaseHolder.current, until: until, now: now)) ?? false
    }

    /// A round that could not check some favourites, or stopped early, says so in the log (the
    /// Updates page says which and why, for each account).
    func report(_ round: UpdatesCheck.Round) {
        guard round.problems > 0 || round.failure != nil else { return }
        var metadata: Logger.Metadata = ["problems": "\(round.problems)", "checked": "\(round.checked)"]
        if let reason = round.failure?.message ?? round.lastProblem { metadata["reason"] = "\(reason)" }
        settings.logger.warning("Updates round: some favourites could not be checked", metadata: metadata)
    }

    /// Records the top of New & popular for each timeframe, unless the search limit is low;
    /// returns how many timeframes were read (nil: none was asked).
    @discardableResult
    func warmUpRound() async -> Int? {
        guard !settings.environment.offline, let overview = try? await reading.client.rateLimits(),
            let search = overview.resources["search"],
            Double(search.remaining) > Double(search.limit) * UpdatesBudget.reserve + Double(RisingWarmUp.timeframes.count)
        else { return nil }
        return await RisingWarmUp(reading: reading).run()
    }

    /// Asks for the newest weeks of repositories seen this week, one request each at most daily,
    /// within the server token's share of the limit (public repositories only); returns how many
    /// answered (nil: none was asked).
    @discardableResult
    func breakingOutRound(now: Date = Date()) async -> Int? {
        let reading = publicReading
        guard !settings.environment.offline, let overview = try? await reading.client.rateLimits(), let core = overview.resources["core"],
            let budget = UpdatesBudget.requests(
                remaining: core.remaining, limit: core.limit, reset: core.reset, share: settings.liveShare / 2,
                interval: settings.updatesInterval, now: now)
        else { return nil }
        return await BreakingOut.refresh(reading: reading, limit: min(100, budget))
    }

    /// One background round; nil when it asked GitHub nothing (no favourites, offline, or every
    /// limit is low). Each account's favourites are checked with that account's own token and
    /// within that token's share (the server's token for the owner); an account without a token
    /// is not checked at all. Returns how it went, added up over the accounts.
    @discardableResult
    func updatesRound(now: Date = Date()) async -> UpdatesCheck.Round? {
        guard !settings.environment.offline, let viewers = try? await database.viewersWithFavorites(), !viewers.isEmpty else {
            return nil
        }
        var total: UpdatesCheck.Round?
        for viewer in viewers {
            guard let reading = await backgroundReading(for: viewer),
                // `/rate_limit` does not count against the limit.
                let overview = try? await reading.client.rateLimits(), let core = overview.resources["core"],
                let budget = UpdatesBudget.requests(
                    remaining: core.remaining, limit: core.limit, reset: core.reset, share: settings.liveShare / 2,
                    interval: settings.updatesInterval, now: now)
            else { continue }
            let round = await UpdatesCheck(reading: reading, database: database).run(
                budget: budget, start: updatesResume.withLock { $0[viewer] ?? 0 })
            updatesResume.withLock { $0[viewer] = round.resumeAt ?? 0 }
            var sum = total ?? UpdatesCheck.Round()
            sum.checked += round.checked
            sum.problems += round.problems
            sum.resumeAt = sum.resumeAt ?? round.resumeAt
            sum.failure = sum.failure ?? round.failure
            sum.lastProblem = round.lastProblem ?? sum.lastProblem
            total = sum
        }
        return total
    }
}
