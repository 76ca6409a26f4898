import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// Checks the favourites of the reading context's account for news, with that account's token: each
/// repository and its latest release, a conditional request through the cache (free while
/// fresh), then records what changed for every account that favourites it (for a private
/// repository, for this account alone). With no favourites it asks GitHub nothing.
///
/// One repository's failure (404, 451, an answer that cannot be read, a time-out) is recorded
/// against that repository for this account (`WatchProblem`) and the round goes on; only what
/// stops every request (a rate limit, a refused token) ends the round early. A repository this
/// token can no longer see becomes an update of its own (`gone`, for this account) and is tried
/// again only once a day.
public struct UpdatesCheck: Sendable {
    /// How a round went.
    public struct Round: Sendable, Hashable {
        /// Repositories checked (those that could not be checked included: they cost requests).
        public var checked = 0
        /// Where the next round starts when this one stopped at its budget (nil: it finished).
        public var resumeAt: Int?
        /// Why the round stopped early: GitHub answers nothing now (a rate limit, a refused token).
        public var failure: StarscopeError?

        /// Repositories that could not be checked this round, each recorded with its reason.
        public var problems = 0
        /// The reason the last of them could not be, in one sentence.
        public var lastProblem: String?

        public init() {}
    }

    /// Requests one repository may cost: the repository and its latest release.
    public static let requestsPerRepository = 2

    /// A repository GitHub no longer has is tried again after this long, not every round.
    public static let goneRecheckInterval: TimeInterval = 86_400

    public let reading: ReadContext
    public let database: any UpdatesCheckStore

    public init(reading: ReadContext, database: any UpdatesCheckStore) {
        self.reading = reading
        self.database = database
    }

    /// Checks from `start`, at most `budget` requests' worth (nil: every favourite).
    public func run(budget: Int? = nil, start: Int = 0) async -> Round {
        var round = Round()
        guard let watched = try? await database.watchedRepositories(for: reading.viewer), !watched.isEmpty else { return round }
        let known = Dictionary(
            ((try? await database.watchProblems(for: reading.viewer)) ?? []).map { ($0.repositoryID, $0) },
            uniquingKeysWith: { first, _ in first })
        let from = start < watched.count ? start : 0
        for (offset, item) in watched.enumerated().dropFirst(from) {
            if let problem = known[item.id], problem.gone, reading.now().timeIntervalSince(problem.checkedAt) < Self.goneRecheckInterval {
                continue
            }
            if let budget, (round.checked + 1) * Self.requestsPerRepository > budget {
                round.resumeAt = offset
                break
            }
            guard let name = try? RepositoryName(parsing: item.fullName) else { continue }
            do {
                try await check(name, repositoryID: item.id)
                round.checked += 1
            } catch {
                if Self.stopsTheRound(error) {
                    round.failure = error
                    round.resumeAt = offset
                    break
                }
                round.checked += 1
                round.problems += 1
                round.lastProblem = error.message
                await record(error, repositoryID: item.id, fullName: item.fullName, known: known[item.id])
            }
        }
        return round
    }

    /// A failure no other repository would escape this round: a rate limit or a refused token.
    static func stopsTheRound(_ error: StarscopeError) -> Bool {
        switch error {
        case .rateLimited, .badCredentials: true
        case .invalidInput, .notFound, .unavailable: false
        }
    }

    /// Records why `fullName` could not be checked; the first time GitHub answers 404 for it,
    /// also the update that it is no longer on GitHub, for this account (whose token cannot see it).
    func record(_ error: StarscopeError, repositoryID: Int64, fullName: String, known: WatchProblem?) async {
        let now = reading.now()
        let gone = if case .notFound = error { true } else { false }
        let problem = WatchProblem(
            for: reading.viewer, repositoryID: repositoryID, fullName: fullName,
            problem: gone
                ? "\(fullName) is no longer on GitHub (deleted, made private or blocked); it is checked once a day." : error.message,
            gone: gone, since: known?.since ?? now, checkedAt: now)
        var updates: [Update] = []
        if gone, known?.gone != true {
            let url =
                (try? await database.snapshot(fullName: fullName, for: reading.viewer))?.repository.htmlURL
                ?? "https://github.com/\(fullName)"
            updates.append(
                Update(
                    key: "\(Update.Kind.gone.rawValue):\(repositoryID):\(UpdateRules.day(now))", kind: .gone,
                    repositoryID: repositoryID, fullName: fullName, occurredAt: now, summary: "\(fullName) is no longer on GitHub.",
                    htmlURL: url))
        }
        try? await database.record(problem, updates: updates)
    }

    /// One repository: what it is now against what was known, recorded with its updates.
    public func check(_ name: RepositoryName, repositoryID: Int64) async throws(StarscopeError) {
        let repository = try await reading.details.repository(name)
        // The repository was just seen, so a 404 here means no release (not no repository).
        let current = try RepositoryName(parsing: repository.fullName)
        let release: Release?
        do {
            release = try await reading.client.latestRelease(owner: current.owner, name: current.name)
        } catch .notFound {
            release = nil
        } catch {
            throw StarscopeError(error, about: .repository(current))
        }
        let now = reading.now()
        let seen = RepositoryWatch(
            repositoryID: repository.id, fullName: repository.fullName, stars: repository.stargazersCount, archived: repository.archived,
            latestRelease: release?.tagName, checkedAt: now)
        // What was known, read or the check fails: a read that failed is not "never seen", which
        // would record this state as the first with no news, losing what happened meanwhile.
        let before: RepositoryWatch?
        let history: [StarSample]
        do {
            before = try await database.watch(repositoryID: repository.id, for: reading.viewer)
            history = try await database.starHistory(repositoryID: repository.id)
        } catch {
            throw StarscopeError(error)
        }
        // GitHub's days, when its newest weeks were asked in the last two days (breaking out, a detail).
        var gitHubDays: StarCurve?
        if let recent = try? await database.recentStarWeeks(of: repository),
            now.timeIntervalSince(recent.fetchedAt) < 2 * 86_400, !recent.weeks.isEmpty
        {
            let today = CivilDate.dayNumber(of: now)
            // From the day it was created: the days before it existed say nothing of its usual pace.
            let created = CivilDate.dayNumber(of: repository.createdAt)
            let oldestWeek = recent.weeks.map(\.firstDay).min() ?? created
            gitHubDays = StarCurve(weeks: recent.weeks, firstDay: max(created, oldestWeek), today: today)
        }
        let updates = UpdateRules.updates(
            before: before, now: seen, repository: repository, release: release, history: history, gitHubDays: gitHubDays, at: now)
        do {
            try await database.record(seen, updates: updates, of: repository, checkedFor: reading.viewer)
        } catch {
            throw StarscopeError(error)
        }
    }
}
