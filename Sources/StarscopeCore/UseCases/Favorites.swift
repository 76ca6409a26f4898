import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// Favourite repositories: kept in the store with a full snapshot, so they work with no network.
public struct Favorites: Sendable {
    public let reading: ReadContext
    public let database: any Store
    /// Whose favourites: the owner for the terminal and a server without accounts, else an account.
    public let viewer: Viewer

    public init(reading: ReadContext, database: any Store, viewer: Viewer) {
        self.reading = reading
        self.database = database
        self.viewer = viewer
    }

    /// Fetches the repository (from the cache when it can) and keeps it as a favourite.
    @discardableResult
    public func add(_ name: RepositoryName, snapshotFreshFor: TimeInterval? = nil) async throws(StarscopeError) -> (
        repository: Repository, added: Bool
    ) {
        let repository = try await reading.details.repository(name, snapshotFreshFor: snapshotFreshFor)
        let added = try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.addFavorite(repository, for: viewer, at: reading.now())
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
        let removed = try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.removeFavorite(fullName: storedName, for: viewer, at: reading.now())
        }
        guard removed else { throw .notFound("\(storedName) is not one of your favourites.") }
    }

    /// Undoes a removal: the favourite stored as `storedName` comes back exactly as it was (note,
    /// tags, added date) when it was removed within `Favorite.undoWindow`; false when there is
    /// nothing to bring back (then add it afresh).
    public func restore(storedName: String) async throws(StarscopeError) -> Bool {
        try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.restoreFavorite(
                fullName: storedName, for: viewer, removedSince: reading.now() - Favorite.undoWindow)
        }
    }

    /// Every favourite, newest first, refreshed from GitHub when `refresh` is set (free while the
    /// cache is fresh, conditional after). When GitHub cannot answer, the saved snapshots are
    /// shown and the work's `CacheReport` says since when.
    public func list(refresh: Bool, tag: String? = nil) async throws(StarscopeError) -> [Favorite] {
        let saved = try await StarscopeError.fromStore { () async throws(StoreError) in try await database.favorites(for: viewer, tag: tag)
        }
        guard refresh else { return saved }
        var refreshed: [Repository] = []
        for favorite in saved {
            // A name GitHub would not accept (imported before names were checked) is never put
            // in a request: that favourite keeps its snapshot.
            guard let name = try? RepositoryName(owner: favorite.repository.owner.login, name: favorite.repository.name) else { continue }
            do {
                refreshed.append(try await reading.client.repository(owner: name.owner, name: name.name))
            } catch {
                // GitHub cannot answer now: keep the saved snapshots and stop asking.
                if error.isTransient {
                    CacheReport.current?.recordStale(fetchedAt: favorite.updatedAt, reason: error, subject: "your favourites' star counts")
                    break
                }
            }
        }
        await reading.observe(refreshed)
        return try await StarscopeError.fromStore { () async throws(StoreError) in try await database.favorites(for: viewer, tag: tag) }
    }

    /// Adds tags to a favourite, or removes them; each tag is checked first, so nothing changes
    /// when one cannot be a tag.
    public func tag(_ storedName: String, _ tags: [String], remove: Bool = false) async throws(StarscopeError) {
        var checked: [String] = []
        for text in tags { checked.append(try Self.checkedTag(text)) }
        if !remove {
            let existing = try await StarscopeError.fromStore { () async throws(StoreError) in
                try await database.favorite(fullName: storedName, for: viewer)
            }
            let total = Set(((existing?.tags ?? []) + checked).map { $0.lowercased() }).count
            guard total <= FavoriteText.maximumTags else {
                throw .invalidInput("A favourite can carry at most \(FavoriteText.maximumTags) tags.")
            }
        }
        let changed = try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.changeTags(checked, remove: remove, fullName: storedName, for: viewer)
        }
        guard changed else { throw .notFound("\(storedName) is not one of your favourites.") }
    }

    /// Replaces a favourite's note; an empty one clears it.
    public func note(_ storedName: String, _ text: String) async throws(StarscopeError) {
        guard let note = FavoriteText.note(text) else {
            throw .invalidInput("A note has at most \(FavoriteText.maximumNoteLength) characters and no control characters.")
        }
        let changed = try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.setNote(note, fullName: storedName, for: viewer)
        }
        guard changed else { throw .notFound("\(storedName) is not one of your favourites.") }
    }

    /// The favourite stored as `storedName` (any case), if it is one; nil too when the store
    /// cannot say.
    public func favorite(storedName: String) async -> Favorite? {
        (try? await database.favorite(fullName: storedName, for: viewer)) ?? nil
    }

    /// How many favourites there are.
    public func count() async throws(StarscopeError) -> Int {
        try await StarscopeError.fromStore { () async throws(StoreError) in try await database.favoriteIDs(for: viewer).count }
    }

    /// Marks a tag public or private: the visibility its GitHub List is made with.
    public func setPublic(_ tagText: String, _ isPublic: Bool) async throws(StarscopeError) {
        let tag = try Self.checkedTag(tagText)
        try await StarscopeError.fromStore { () async throws(StoreError) in try await database.setTagPublic(tag, isPublic, for: viewer) }
    }

    static func checkedTag(_ text: String) throws(StarscopeError) -> String {
        guard let tag = FavoriteText.tag(text) else {
            throw .invalidInput(
                "“\(text.prefix(60))” cannot be a tag: a tag has 1 to \(FavoriteText.maximumTagLength) characters and no comma.")
        }
        return tag
    }

    /// Every tag in use or described, with its description and how many favourites carry it.
    public func tags() async throws(StarscopeError) -> [TagSummary] {
        try await StarscopeError.fromStore { () async throws(StoreError) in try await database.favoriteTags(for: viewer) }
    }

    /// Says what a tag is for; an empty text takes the description away. The tag need not be on
    /// a favourite yet (a List with nothing in it is a tag too).
    public func describe(_ tagText: String, _ text: String) async throws(StarscopeError) {
        let tag = try Self.checkedTag(tagText)
        guard let description = FavoriteText.tagDescription(text) else {
            throw .invalidInput(
                "A tag's description is one line of at most \(FavoriteText.maximumTagDescriptionLength) characters, without control characters."
            )
        }
        try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.describeTag(tag, as: description, for: viewer)
        }
    }

    public func export() async throws(StarscopeError) -> Data {
        let favorites = try await StarscopeError.fromStore { () async throws(StoreError) in try await database.favorites(for: viewer) }
        return FavoritesArchive.export(favorites, at: reading.now())
    }

    public func importFavorites(_ data: Data) async throws(StarscopeError) -> FavoritesArchive.ImportReport {
        try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.importFavorites(data, for: viewer, at: reading.now())
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
