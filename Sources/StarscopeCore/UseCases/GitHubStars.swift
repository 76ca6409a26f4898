import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// A person's stars on GitHub, beside their favourites: star and unstar, and sync in either
/// direction. Nothing is ever deleted on either side, and a sync that fails halfway through
/// reading the stars changes no favourite. A sync asks GitHub for the stars as they are now (no
/// saved copy, however fresh), and sets every favourite's "starred on GitHub" mark from that.
public struct GitHubStars: Sendable {
    /// What a sync did.
    public struct SyncReport: Sendable, Hashable {
        /// Starred on GitHub and now favourites too.
        public var added: [String] = []
        /// Starred on GitHub and favourites already.
        public var alreadyFavorites: [String] = []
        /// Favourites now starred on GitHub (with `push`).
        public var pushed: [String] = []
        /// Why pushing stopped early, when it did (what was starred before stays starred).
        public var pushFailure: String?
    }

    /// The most stars read from GitHub in one sync.
    public static let syncLimit = 5_000

    public let favorites: Favorites
    /// Whether requests carry a token: starring needs one.
    public let hasToken: Bool

    /// What GitHub said a moment ago, kept between requests by a server (nil: always ask).
    public let memory: StarStates?

    public init(favorites: Favorites, hasToken: Bool, memory: StarStates? = nil) {
        self.favorites = favorites
        self.hasToken = hasToken
        self.memory = memory
    }

    static let needsToken = StarscopeError.badCredentials("Starring on GitHub needs a GitHub token, and none is set.")

    /// What starring (or unstarring) did: the state on GitHub now, and the star count as it
    /// reads now (one more or one less than before when the state changed), when known.
    public struct StarChange: Sendable, Hashable {
        public var starred: Bool
        public var stars: Int?
    }

    /// What GitHub said a moment ago of whether the token's user starred `name` (`StarStates`),
    /// without asking; nil without a token or when nothing recent is known.
    public func remembered(_ name: RepositoryName) -> Bool? {
        guard hasToken else { return nil }
        return memory?.state(for: favorites.viewer, repository: name.description, now: favorites.reading.now())
    }

    /// Whether the token's user starred `name` on GitHub; nil without a token, or when GitHub cannot say.
    public func isStarred(_ name: RepositoryName) async -> Bool? {
        guard hasToken else { return nil }
        let now = favorites.reading.now()
        if let known = memory?.state(for: favorites.viewer, repository: name.description, now: now) { return known }
        guard let starred = try? await favorites.reading.client.isStarred(owner: name.owner, name: name.name) else { return nil }
        memory?.record(starred, for: favorites.viewer, repository: name.description, now: now)
        return starred
    }

    /// Stars `name` on GitHub (or unstars it), and records it on the favourite if it is one. When
    /// that changed the state, the saved snapshot's count moves by one, as GitHub's does.
    @discardableResult
    public func setStar(_ name: RepositoryName, starred: Bool) async throws(StarscopeError) -> StarChange {
        guard hasToken else { throw Self.needsToken }
        let reading = favorites.reading
        let client = reading.client
        // The count as the page showed it (a fresh snapshot), and the state before.
        let before = try? await reading.details.repository(name, snapshotFreshFor: 600)
        // GitHub's word, not a kept one: a star given on github.com a moment ago moves no count.
        let was = try? await client.isStarred(owner: name.owner, name: name.name)
        do {
            if starred {
                try await client.star(owner: name.owner, name: name.name)
            } else {
                try await client.unstar(owner: name.owner, name: name.name)
            }
        } catch {
            throw StarscopeError(error, about: .repository(name))
        }
        memory?.record(starred, for: favorites.viewer, repository: name.description, now: reading.now())
        if let favorite = try? await favorites.database.favorite(fullName: name.description, for: favorites.viewer) {
            try? await favorites.database.setStarredOnGitHub(starred, repositoryID: favorite.repository.id, for: favorites.viewer)
        }
        guard var repository = before else { return StarChange(starred: starred, stars: nil) }
        if let was, was != starred {
            repository.stargazersCount = max(0, repository.stargazersCount + (starred ? 1 : -1))
            await reading.observe([repository])
        }
        return StarChange(starred: starred, stars: repository.stargazersCount)
    }

    /// Every starred repository becomes a favourite (one transaction, after all pages were read),
    /// and every favourite's mark follows GitHub's list as read just now; with `push`, every
    /// favourite GitHub does not star right now is starred (whatever its mark said).
    public func sync(push: Bool, progress: PageProgress? = nil) async throws(StarscopeError) -> SyncReport {
        guard hasToken else { throw Self.needsToken }
        let reading = favorites.reading
        // Only GitHub's own list will do: a saved copy standing in for it would sync an old list,
        // and stars given or taken back on github.com a moment ago count.
        let asking = reading.using(.askGitHub)
        let stars: ListResult<Repository>
        do {
            stars = try await asking.collect(limit: Self.syncLimit, perPage: 100, about: .token, progress: progress) {
                () async throws(GitHubError) in
                try await asking.client.starred(perPage: 100)
            }
        } catch .unavailable {
            throw .unavailable("GitHub could not list your stars just now, so nothing was synced; try again in a moment.")
        }
        var report = SyncReport()
        let (added, existing) = try await StarscopeError.fromStore { () async throws(StoreError) in
            try await favorites.database.addFavorites(
                stars.items, for: favorites.viewer, starredOnGitHub: true, at: reading.now())
        }
        report.added = added
        report.alreadyFavorites = existing
        // The marks follow what GitHub said just now: a favourite unstarred on github.com since
        // is marked so (unless the list was cut at the limit, which proves nothing of the rest).
        let starredIDs = Set(stars.items.map(\.id))
        let complete = stars.items.count < Self.syncLimit
        let favourites = try await favorites.list(refresh: false)
        for favorite in favourites where complete && favorite.starredOnGitHub != false && !starredIDs.contains(favorite.repository.id) {
            try await StarscopeError.fromStore { () async throws(StoreError) in
                try await favorites.database.setStarredOnGitHub(false, repositoryID: favorite.repository.id, for: favorites.viewer)
            }
        }
        guard push else { return report }
        for favorite in favourites where !starredIDs.contains(favorite.repository.id) {
            guard let name = try? RepositoryName(parsing: favorite.repository.fullName) else { continue }
            do {
                try await setStar(name, starred: true)
                report.pushed.append(name.description)
            } catch {
                report.pushFailure = error.message
                break
            }
        }
        return report
    }
}
