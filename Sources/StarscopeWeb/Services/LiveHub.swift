import Foundation
import GitHubAPI
import StarscopeCore
import StarscopeModels

/// One star count change, sent to the browser.
struct LiveEvent: Sendable, Hashable {
    var repo: String
    var stars: Int
}

/// Live star counts: the union of what every open page shows is re-checked on a schedule that
/// fits the rate limit (`LiveBudget`), one upstream check per source however many tabs show it,
/// and changes are pushed to the pages that show them. No page open, no checks.
actor LiveHub {
    enum Message: Sendable {
        case stars(LiveEvent)
        /// Keeps the connection honest: a closed page is noticed at the next heartbeat.
        case heartbeat
    }

    struct Subscriber {
        /// Whose stream it is (`LiveController.owner`: a session, or a client without one).
        var owner: String
        var sources: Set<LiveSource>
        var continuation: AsyncStream<Message>.Continuation
    }

    /// Why a stream was refused.
    enum Refusal: Error, Equatable {
        /// The hub watches all it may for everyone.
        case full
        /// This owner has its share of streams or of watched things.
        case ownerFull
    }

    /// What the settings page shows.
    struct Status: Sendable {
        var budget: LiveBudget
        var watching: Int
        var nextCheckIn: TimeInterval?
        var lastLimits: [String: RateLimit]
    }

    let reading: @Sendable () -> ReadContext
    let heartbeat: TimeInterval
    private var scheduler: LiveScheduler
    private var subscribers: [UUID: Subscriber] = [:]
    private var known: [LiveSource: [String: Int]] = [:]
    private var loop: Task<Void, Never>?
    private var beats: Task<Void, Never>?
    private var nextCheck: Date?

    /// Heartbeats come every `heartbeat` seconds, by default every 10 s or as often as the
    /// budget's shortest wait between checks, if that is shorter.
    init(budget: LiveBudget, heartbeat: TimeInterval? = nil, reading: @escaping @Sendable () -> ReadContext) {
        self.scheduler = LiveScheduler(budget: budget)
        self.heartbeat = heartbeat ?? min(10, budget.minimumInterval)
        self.reading = reading
    }

    /// At most this many open streams, and this many distinct things watched, in all: past that a
    /// new page gets no live counts (503) rather than a share of a budget spread too thin.
    static let maximumSubscribers = 256
    static let maximumSources = 64
    /// And per owner (a session, or a client without one), so that no one fills the hub for
    /// everybody: a few tabs, and what a favourites page (30) and a detail show.
    static let maximumSubscribersPerOwner = 16
    static let maximumSourcesPerOwner = 32

    /// A stream of changes for `sources`, watched for `owner`; throws `Refusal` when the hub,
    /// or that owner's share of it, is full.
    func subscribe(_ sources: Set<LiveSource>, owner: String) throws(Refusal) -> AsyncStream<Message> {
        let owners = subscribers.values.filter { $0.owner == owner }
        guard owners.count < Self.maximumSubscribersPerOwner,
            Set(owners.flatMap(\.sources)).union(sources).count <= Self.maximumSourcesPerOwner
        else { throw .ownerFull }
        guard subscribers.count < Self.maximumSubscribers,
            Set(subscribers.values.flatMap(\.sources)).union(sources).count <= Self.maximumSources
        else { throw .full }
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Message.self, bufferingPolicy: .bufferingNewest(500))
        subscribers[id] = Subscriber(owner: owner, sources: sources, continuation: continuation)
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        if loop == nil {
            loop = Task { await self.run() }
            beats = Task { await self.beat() }
        }
        return stream
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
        if subscribers.isEmpty {
            loop?.cancel()
            loop = nil
            beats?.cancel()
            beats = nil
            nextCheck = nil
        }
    }

    var status: Status {
        Status(
            budget: scheduler.budget, watching: subscribers.count, nextCheckIn: nextCheck.map { max(0, $0.timeIntervalSinceNow) },
            lastLimits: scheduler.limits)
    }

    /// The checks: a round, then the wait the budget allows (in steps, so that a hub whose last
    /// page closed stops soon).
    private func run() async {
        while !Task.isCancelled, !subscribers.isEmpty {
            let delay = await checkAll()
            nextCheck = Date().addingTimeInterval(delay)
            var waited: TimeInterval = 0
            while waited < delay, !Task.isCancelled, !subscribers.isEmpty {
                let slice = min(heartbeat, delay - waited)
                try? await Task.sleep(for: .milliseconds(Int(slice * 1000)))
                waited += slice
            }
        }
    }

    /// The heartbeats, on their own clock: a round that waits on a slow GitHub or a busy store
    /// never leaves the streams silent long enough for a browser or a proxy to give up on them.
    private func beat() async {
        while !Task.isCancelled, !subscribers.isEmpty {
            try? await Task.sleep(for: .milliseconds(Int(heartbeat * 1000)))
            guard !Task.isCancelled else { return }
            for subscriber in subscribers.values { subscriber.continuation.yield(.heartbeat) }
        }
    }

    /// One round: each source once, then the wait the budget allows.
    private func checkAll() async -> TimeInterval {
        let sources = Set(subscribers.values.flatMap(\.sources))
        var scheduler = self.scheduler
        let round = await scheduler.round(sources, reading: reading())
        self.scheduler = scheduler
        for (source, stars) in round.stars { publish(source, stars) }
        return round.delay
    }

    private func publish(_ source: LiveSource, _ stars: [String: Int]) {
        let previous = known[source]
        known[source] = stars
        for (repo, count) in stars where previous?[repo] != count {
            let event = LiveEvent(repo: repo, stars: count)
            for subscriber in subscribers.values where subscriber.sources.contains(source) {
                subscriber.continuation.yield(.stars(event))
            }
        }
    }
}
