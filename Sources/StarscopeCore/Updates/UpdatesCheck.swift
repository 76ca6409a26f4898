import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// Checks the favourites of the explorer's account for news, with that account's token: each
/// repository and its latest release, a conditional request through the cache (free while
/// fresh), then records what changed for every account that favourites it (for a private
/// repository, for this account alone). With no favourites it asks GitHub nothing.
public struct UpdatesCheck: Sendable {
    /// How a round went.
    public struct Round: Sendable, Hashable {
        /// Repositories checked.
        public var checked = 0
        /// Where the next round starts when this one stopped at its budget (nil: it finished).
        public var resumeAt: Int?
        /// Why the round stopped early, when GitHub could not answer.
        public var failure: StarscopeError?

        public init() {}
    }

    /// Requests one repository may cost: the repository and its latest release.
    public static let requestsPerRepository = 2

    public let explorer: Explorer
    public let database: any Store

    public init(explorer: Explorer, database: any Store) {
        self.explorer = explorer
        self.database = database
    }

    /// Checks from `start`, at most `budget` requests' worth (nil: every favourite).
    public func run(budget: Int? = nil, start: Int = 0) async -> Round {
        var round = Round()
        guard let watched = try? await database.watchedRepositories(account: explorer.account), !watched.isEmpty else { return round }
        let from = start < watched.count ? start : 0
        for (offset, item) in watched.enumerated().dropFirst(from) {
            if let budget, (round.checked + 1) * Self.requestsPerRepository > budget {
                round.resumeAt = offset
                break
            }
            guard let name = try? RepositoryName(parsing: item.fullName) else { continue }
            do {
                try await check(name, repositoryID: item.id)
                round.checked += 1
            } catch {
                round.failure = error
                round.resumeAt = offset
                break
            }
        }
        return round
    }

    /// One repository: what it is now against what was known, recorded with its updates.
    public func check(_ name: RepositoryName, repositoryID: Int64) async throws(StarscopeError) {
        let repository = try await explorer.repository(name)
        // The repository was just seen, so a 404 here means no release (not no repository).
        let current = try RepositoryName(parsing: repository.fullName)
        let release: Release?
        do {
            release = try await explorer.client.latestRelease(owner: current.owner, name: current.name)
        } catch .notFound {
            release = nil
        } catch {
            throw StarscopeError(error, about: .repository(current))
        }
        let now = explorer.now()
        let seen = RepositoryWatch(
            repositoryID: repository.id, fullName: repository.fullName, stars: repository.stargazersCount, archived: repository.archived,
            latestRelease: release?.tagName, checkedAt: now)
        let before = try? await database.watch(repositoryID: repository.id)
        let history = (try? await database.starHistory(repositoryID: repository.id)) ?? []
        let updates = UpdateRules.updates(before: before, now: seen, repository: repository, release: release, history: history, at: now)
        do {
            try await database.record(seen, updates: updates, account: repository.isPublic ? nil : explorer.account)
        } catch {
            throw StarscopeError(error)
        }
    }
}
