import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// Favourite repositories: kept in the store with a full snapshot, so they work with no network.
public struct Favorites: Sendable {
    public let explorer: Explorer
    public let database: AppDatabase
    /// Whose favourites: "" for the terminal and a server without accounts, else a login.
    public let account: String

    public init(explorer: Explorer, database: AppDatabase, account: String = "") {
        self.explorer = explorer
        self.database = database
        self.account = account
    }

    /// Fetches the repository (from the cache when it can) and keeps it as a favourite.
    @discardableResult
    public func add(_ name: RepositoryName, snapshotFreshFor: TimeInterval? = nil) async throws(StarscopeError) -> (
        repository: Repository, added: Bool
    ) {
        let repository = try await explorer.repository(name, snapshotFreshFor: snapshotFreshFor)
        let added = try await Self.store { () async throws(StoreError) in
            try await database.addFavorite(repository, account: account, at: explorer.now())
        }
        return (repository, added)
    }

    /// Forgets a favourite; the store alone is touched.
    public func remove(_ name: RepositoryName) async throws(StarscopeError) {
        try await remove(storedName: name.description)
    }

    /// Forgets the favourite stored as `storedName` (any case), even one whose name GitHub would
    /// not accept (kept before imports checked names). The name is only compared with the
    /// store's, never sent to GitHub.
    public func remove(storedName: String) async throws(StarscopeError) {
        let removed = try await Self.store { () async throws(StoreError) in
            try await database.removeFavorite(fullName: storedName, account: account)
        }
        guard removed else { throw .notFound("\(storedName) is not one of your favourites.") }
    }

    /// Every favourite, newest first, refreshed from GitHub when `refresh` is set (free while the
    /// cache is fresh, conditional after). When GitHub cannot answer, the saved snapshots are
    /// shown and the work's `CacheReport` says since when.
    public func list(refresh: Bool) async throws(StarscopeError) -> [Favorite] {
        let saved = try await Self.store { () async throws(StoreError) in try await database.favorites(account: account) }
        guard refresh else { return saved }
        var refreshed: [Repository] = []
        for favorite in saved {
            // A name GitHub would not accept (imported before names were checked) is never put
            // in a request: that favourite keeps its snapshot.
            guard let name = try? RepositoryName(owner: favorite.repository.owner.login, name: favorite.repository.name) else { continue }
            do {
                refreshed.append(try await explorer.client.repository(owner: name.owner, name: name.name))
            } catch {
                // GitHub cannot answer now: keep the saved snapshots and stop asking.
                if error.isTransient {
                    CacheReport.current?.recordStale(fetchedAt: favorite.updatedAt, reason: error)
                    break
                }
            }
        }
        await explorer.observe(refreshed)
        return try await Self.store { () async throws(StoreError) in try await database.favorites(account: account) }
    }

    public func export() async throws(StarscopeError) -> Data {
        let favorites = try await Self.store { () async throws(StoreError) in try await database.favorites(account: account) }
        do {
            return try FavoritesArchive.export(favorites, at: explorer.now())
        } catch {
            throw .unavailable("Starscope could not write the export: \(error).")
        }
    }

    public func importFavorites(_ data: Data) async throws(StarscopeError) -> FavoritesArchive.ImportReport {
        try await Self.store { () async throws(StoreError) in try await database.importFavorites(data, account: account, at: explorer.now())
        }
    }

    static func store<T>(_ body: () async throws(StoreError) -> T) async throws(StarscopeError) -> T {
        do {
            return try await body()
        } catch {
            throw StarscopeError(error)
        }
    }
}

extension StarscopeError {
    /// A store failure in one sentence.
    public init(_ error: StoreError) {
        switch error {
        case .invalidImport: self = .invalidInput(error.message)
        default: self = .unavailable(error.message)
        }
    }
}
