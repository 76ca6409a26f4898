import Foundation
import ServiceLifecycle
import StarscopeCore
import Synchronization

/// Checks favourites for updates in the background while `serve` runs, with half of the live
/// share (live counts have the other half), and asks GitHub nothing when there are no favourites.
struct UpdatesWatcher: Service {
    let services: WebServices

    func run() async throws {
        // A first round soon after starting, then one every interval.
        // Graceful shutdown cancels the sleep and ends the loop.
        await cancelWhenGracefulShutdown { [services] in
            var wait = min(30, services.settings.updatesInterval)
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(wait))
                if Task.isCancelled { break }
                _ = await services.updatesRound()
                wait = services.settings.updatesInterval
            }
        }
    }
}

extension WebServices {
    /// One background round; nil when it asked GitHub nothing (no favourites, offline, or the
    /// limit is low). Returns how it went otherwise.
    @discardableResult
    func updatesRound(now: Date = Date()) async -> UpdatesCheck.Round? {
        guard !settings.environment.offline, let watched = try? await database.watchedRepositories(), !watched.isEmpty else { return nil }
        let explorer = self.explorer
        // `/rate_limit` does not count against the limit.
        guard let overview = try? await explorer.client.rateLimits(), let core = overview.resources["core"],
            let budget = UpdatesBudget.requests(
                remaining: core.remaining, limit: core.limit, reset: core.reset, share: settings.liveShare / 2,
                interval: settings.updatesInterval, now: now)
        else { return nil }
        let round = await UpdatesCheck(explorer: explorer, database: database).run(budget: budget, start: updatesResume.withLock { $0 })
        updatesResume.withLock { $0 = round.resumeAt ?? 0 }
        return round
    }
}
