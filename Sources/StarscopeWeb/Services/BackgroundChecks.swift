import Foundation
import ServiceLifecycle
import StarscopeCore

/// Runs `serve`'s background rounds (`BackgroundRounds`) every `STARSCOPE_UPDATES_INTERVAL`
/// seconds: update checks of favourites, with half of the live share (live counts have the
/// other half), Rising's warm-up and breaking out; each round timed in the metrics.
struct BackgroundChecks: Service {
    let rounds: BackgroundRounds
    /// Off in tests that run the rounds they mean to.
    let enabled: Bool
    let interval: TimeInterval
    let metrics: WebMetrics

    func run() async throws {
        guard enabled else {
            // Returning would end the whole service group, the server with it: wait for its end.
            try? await gracefulShutdown()
            return
        }
        // A first round soon after starting, then one every interval.
        // Graceful shutdown cancels the sleep and ends the loop.
        await cancelWhenGracefulShutdown { [rounds, interval, metrics] in
            var wait = min(30, interval)
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(wait))
                if Task.isCancelled { break }
                if await rounds.claim() {
                    let clock = ContinuousClock()
                    var updates: UpdatesCheck.Round?
                    metrics.round("updates", took: await clock.measure { updates = await rounds.updatesRound() })
                    if let updates { rounds.report(updates) }
                    metrics.round("warm_up", took: await clock.measure { _ = await rounds.warmUpRound() })
                    metrics.round("breaking_out", took: await clock.measure { _ = await rounds.breakingOutRound() })
                }
                wait = interval
            }
        }
    }
}
