import Foundation
import Logging
import StarscopeStore
import Synchronization

/// What a server does in the background each interval, beside `UpdatesCheck`: checks every
/// viewer's favourites for updates with that viewer's own token and within its share of the
/// limit, warms Rising up, and asks for the newest weeks of repositories breaking out. On a
/// shared store, one instance a round does it (`claim`).
public final class BackgroundRounds: Sendable {
    /// How the rounds are paced and what they may spend.
    public struct Pace: Sendable {
        /// Seconds between rounds.
        public var interval: TimeInterval
        /// The share of each token's hour the live counts and the rounds split between them.
        public var liveShare: Double
        /// `--offline`: nothing is asked of GitHub.
        public var offline: Bool

        public init(interval: TimeInterval, liveShare: Double, offline: Bool) {
            self.interval = interval
            self.liveShare = liveShare
            self.offline = offline
        }
    }

    let database: any Store
    let pace: Pace
    let logger: Logger
    /// The reading context that checks `viewer`'s favourites: the server's token for the owner,
    /// an account's own otherwise, and none without one.
    let readingFor: @Sendable (Viewer) async -> ReadContext?
    /// The server's token as its pages read (Rising's warm-up).
    let serverReading: @Sendable () -> ReadContext
    /// The server's token as everyone sees it (breaking out: public repositories only).
    let publicReading: @Sendable () -> ReadContext
    /// Where the next round of update checks starts, per viewer.
    private let resume = Mutex<[Viewer: Int]>([:])

    public init(
        database: any Store, pace: Pace, logger: Logger, readingFor: @escaping @Sendable (Viewer) async -> ReadContext?,
        serverReading: @escaping @Sendable () -> ReadContext, publicReading: @escaping @Sendable () -> ReadContext
    ) {
        self.database = database
        self.pace = pace
        self.logger = logger
        self.readingFor = readingFor
        self.serverReading = serverReading
        self.publicReading = publicReading
    }

    /// Whether this instance runs this interval's round: always alone, and on a shared store
    /// only the instance that claims the round's lease (one round per interval for the team).
    public func claim(now: Date = Date()) async -> Bool {
        guard database.isShared else { return true }
        let until = now.addingTimeInterval(pace.interval * 0.9)
        return (try? await database.claimLease("background round", holder: LeaseHolder.current, until: until, now: now)) ?? false
    }

    /// A round that could not check some favourites, or stopped early, says so in the log (the
    /// Updates page says which and why, for each account).
    public func report(_ round: UpdatesCheck.Round) {
        guard round.problems > 0 || round.failure != nil else { return }
        var metadata: Logger.Metadata = ["problems": "\(round.problems)", "checked": "\(round.checked)"]
        if let reason = round.failure?.message ?? round.lastProblem { metadata["reason"] = "\(reason)" }
        logger.warning("Updates round: some favourites could not be checked", metadata: metadata)
    }

    /// Records the top of New & popular for each timeframe, unless the search limit is low;
    /// returns how many timeframes were read (nil: none was asked).
    @discardableResult
    public func warmUpRound() async -> Int? {
        let reading = serverReading()
        guard !pace.offline, let overview = try? await reading.client.rateLimits(),
            let search = overview.resources["search"],
            Double(search.remaining) > Double(search.limit) * UpdatesBudget.reserve + Double(RisingWarmUp.timeframes.count)
        else { return nil }
        return await RisingWarmUp(reading: reading).run()
    }

    /// Asks for the newest weeks of repositories seen this week, one request each at most daily,
    /// within the server token's share of the limit (public repositories only); returns how many
    /// answered (nil: none was asked).
    @discardableResult
    public func breakingOutRound(now: Date = Date()) async -> Int? {
        let reading = publicReading()
        guard !pace.offline, let overview = try? await reading.client.rateLimits(), let core = overview.resources["core"],
            let budget = UpdatesBudget.requests(
                remaining: core.remaining, limit: core.limit, reset: core.reset, share: pace.liveShare / 2, interval: pace.interval,
                now: now)
        else { return nil }
        return await BreakingOut.refresh(reading: reading, limit: min(100, budget))
    }

    /// One round of update checks; nil when it asked GitHub nothing (no favourites, offline, or
    /// every limit is low). Each account's favourites are checked with that account's own token
    /// and within that token's share (the server's token for the owner); an account without a
    /// token is not checked at all. Returns how it went, added up over the accounts.
    @discardableResult
    public func updatesRound(now: Date = Date()) async -> UpdatesCheck.Round? {
        guard !pace.offline, let viewers = try? await database.viewersWithFavorites(), !viewers.isEmpty else { return nil }
        var total: UpdatesCheck.Round?
        for viewer in viewers {
            guard let reading = await readingFor(viewer),
                // `/rate_limit` does not count against the limit.
                let overview = try? await reading.client.rateLimits(), let core = overview.resources["core"],
                let budget = UpdatesBudget.requests(
                    remaining: core.remaining, limit: core.limit, reset: core.reset, share: pace.liveShare / 2,
                    interval: pace.interval, now: now)
            else { continue }
            let round = await UpdatesCheck(reading: reading, database: database).run(
                budget: budget, start: resume.withLock { $0[viewer] ?? 0 })
            resume.withLock { $0[viewer] = round.resumeAt ?? 0 }
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
