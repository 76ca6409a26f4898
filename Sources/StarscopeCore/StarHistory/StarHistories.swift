import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// What `starHistory` found: the curve, whether GitHub has one, and what it cost.
public struct StarHistory: Hashable, Sendable {
    public var repository: Repository
    public var curve: StarCurve
    /// GitHub has no history of this repository (it answered 422).
    public var unavailable: Bool
    /// When the buckets were last asked of GitHub.
    public var fetchedAt: Date?
    /// Requests to the history endpoint this call made (0 when the stored buckets were fresh).
    public var requests: Int
    /// Only the newest weeks: the rest would have spent the rate limit's reserve (asked again later).
    public var partial = false
}

/// A repository's star history: GitHub's weekly buckets, kept and refreshed, and Starscope's own counts.
public struct StarHistories: UseCase {
    let context: ReadContext

    /// Stored buckets are asked again (page 1 only) after a day.
    public static let starHistoryMaximumAge: TimeInterval = 86_400

    /// What a first history leaves of the rate limit at least: a fifth of it (12 of the 60 an
    /// hour without a token), so a few old repositories cannot use up a budget lists need.
    public static func starHistoryReserve(_ limit: RateLimit) -> Int { max(1, limit.limit / 5) }

    /// Whether the token's budget, as the newest first history saw it, is down to the reserve
    /// until it resets: what anyone may ask for (embeds) waits, and what is kept stands in.
    public func budgetIsLow() async -> Bool {
        await context.budget.isLow(at: now(), reserve: Self.starHistoryReserve)
    }

    /// A repository's whole star history from GitHub's weekly buckets: fetched whole once
    /// (ceil(weeks/30) requests, several at a time), then only page 1, conditionally, at most
    /// daily, merged over what was kept. The store keeps shared repositories' only; any other is
    /// asked through its token's cache each time. When GitHub cannot answer, the kept buckets
    /// stand in (reported as stale).
    public func starHistory(_ name: RepositoryName) async throws(StarscopeError) -> StarHistory {
        // The repository's id and creation date do not change: a copy of the last week will do.
        try await starHistory(of: try await context.details.repository(name, snapshotFreshFor: 7 * 86_400))
    }

    /// `starHistory(_:)` of a repository the caller has in hand, one this reading context shows (a
    /// detail page has it already: looking it up again read and decoded its stored copy).
    public func starHistory(of repository: Repository) async throws(StarscopeError) -> StarHistory {
        let kept = (try? await database?.gitHubStarWeeks(of: repository)) ?? nil
        return try await starHistory(of: repository, kept: kept)
    }

    /// Starscope's own counts of `repository` and the weeks of GitHub's history kept for it (the
    /// store keeps those of shared repositories only), in one store read: a detail shows both on
    /// every view. When that read fails each is read on its own, so whichever can be read still is.
    public func keptStarHistory(of repository: Repository) async -> KeptStarHistory {
        guard let database else { return KeptStarHistory(samples: [], gitHub: nil) }
        if let records = try? await database.keptStarHistory(of: repository) { return records }
        return KeptStarHistory(
            samples: (try? await database.starHistory(repositoryID: repository.id)) ?? [],
            gitHub: (try? await database.gitHubStarWeeks(of: repository)) ?? nil)
    }

    /// `starHistory(_:)`, or the failure a page tells in its place.
    public func starHistoryResult(_ name: RepositoryName) async -> Result<StarHistory, StarscopeError> {
        do {
            return .success(try await starHistory(name))
        } catch {
            return .failure(error)
        }
    }

    /// Both histories a detail shows of `repository`, a repository it has in hand: Starscope's own
    /// counts, and GitHub's history (or the failure told in its place), its kept weeks read with
    /// the counts (`keptStarHistory(of:)`).
    public func detailStarHistory(of repository: Repository) async -> (
        samples: [StarSample], gitHub: Result<StarHistory, StarscopeError>
    ) {
        let kept = await keptStarHistory(of: repository)
        do {
            return (kept.samples, .success(try await starHistory(of: repository, kept: kept.gitHub)))
        } catch {
            return (kept.samples, .failure(error))
        }
    }

    /// Every page of a history asked for the first time: its first page promised of the token's
    /// budget and its other pages claimed before they are asked (`RequestBudget`), so histories
    /// asked at once leave the reserve together.
    private func firstHistory(_ name: RepositoryName) async throws(GitHubError) -> (
        weeks: [StarHistoryWeek], requests: Int, whole: Bool
    ) {
        let budget = context.budget
        await budget.promise(1)
        var outstanding = 1
        do {
            let history = try await client.starHistory(owner: name.owner, name: name.name) { limit, requests in
                let granted = await budget.claim(requests, seen: limit, keeping: Self.starHistoryReserve(limit), answered: outstanding)
                outstanding = granted ? requests : 0
                return granted
            }
            await budget.release(outstanding)
            return history
        } catch {
            await budget.release(outstanding)
            throw error
        }
    }

    /// `starHistory(of:)` with the weeks kept for `repository` read already (`keptStarHistory(of:)`;
    /// nil when none are).
    public func starHistory(of repository: Repository, kept: GitHubStarWeeks?) async throws(StarscopeError)
        -> StarHistory
    {
        let owner = try RepositoryName(parsing: repository.fullName)
        let name = owner
        let time = now()
        func result(_ weeks: [StarHistoryWeek], unavailable: Bool, fetchedAt: Date?, requests: Int) -> StarHistory {
            let today = CivilDate.dayNumber(of: time)
            let created = CivilDate.dayNumber(of: repository.createdAt)
            return StarHistory(
                repository: repository, curve: StarCurve(weeks: weeks, firstDay: min(created, today), today: today),
                unavailable: unavailable, fetchedAt: fetchedAt, requests: requests)
        }
        if let kept, time.timeIntervalSince(kept.fetchedAt) < Self.starHistoryMaximumAge {
            return result(kept.weeks, unavailable: kept.unavailable, fetchedAt: kept.fetchedAt, requests: 0)
        }
        var weeks: [StarHistoryWeek]
        var requests: Int
        var whole = true
        do {
            if let kept, !kept.unavailable, !kept.weeks.isEmpty {
                let page = try await client.starHistoryPage(owner: owner.owner, name: owner.name)
                weeks = GitHubStarWeeks.merge(stored: kept.weeks, refreshed: page.items)
                requests = 1
            } else {
                (weeks, requests, whole) = try await firstHistory(owner)
            }
        } catch .validationFailed {
            try? await database?.saveGitHubStarWeeks(
                GitHubStarWeeks(repositoryID: repository.id, weeks: [], fetchedAt: time, unavailable: true), of: repository)
            return result([], unavailable: true, fetchedAt: time, requests: 1)
        } catch {
            if error.isTransient, let kept {
                CacheReport.current?.recordStale(fetchedAt: kept.fetchedAt, reason: error, subject: "\(name)'s star history")
                return result(kept.weeks, unavailable: kept.unavailable, fetchedAt: kept.fetchedAt, requests: 0)
            }
            throw StarscopeError(error, about: .repository(name))
        }
        if !weeks.isEmpty {
            // The newest weeks also tell whether it is breaking out.
            try? await database?.saveRecentStarWeeks(of: repository, weeks: weeks, at: time)
        }
        guard whole else {
            // The newest weeks only: drawn from when they start, kept nowhere, asked whole later.
            var partial = result(weeks, unavailable: false, fetchedAt: time, requests: requests)
            let firstWeek = weeks.map(\.firstDay).min()
            let today = CivilDate.dayNumber(of: time)
            var curve = StarCurve(weeks: weeks, firstDay: firstWeek, today: today)
            // Stars given before these weeks start the line, so it ends at GitHub's count.
            let given = weeks.reduce(0) { $0.addingReportingOverflow($1.total).partialValue }
            let before = max(0, repository.stargazersCount.subtractingReportingOverflow(given).partialValue)
            curve.days = curve.days.map {
                StarCurve.Point(day: $0.day, stars: $0.stars, total: $0.total.addingReportingOverflow(before).partialValue)
            }
            partial.curve = curve
            partial.partial = true
            return partial
        }
        try? await database?.saveGitHubStarWeeks(
            GitHubStarWeeks(repositoryID: repository.id, weeks: weeks, fetchedAt: time), of: repository)
        return result(weeks, unavailable: false, fetchedAt: time, requests: requests)
    }
}
