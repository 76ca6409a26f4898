import Foundation
import StarscopeModels

/// Everything Starscope keeps: favourites with their notes and tags, star history and repository
/// snapshots, updates, accounts and web sessions, what web forms did, GitHub's answers, and the
/// leases that let several servers share one refresh.
///
/// Two implementations, kept in step by one test suite (`StoreContractTests`): `AppDatabase`
/// (SQLite through GRDB: the embedded default, and the terminal's) and `PostgresStore` (one
/// PostgreSQL database shared by several `starscope serve` instances). What each call may read
/// or write is decided by its `Viewer` and the audience rule (`Viewer+Audience.swift`), inside
/// each implementation: callers never test visibility themselves.
public protocol Store: FavoritesStore, HistoryStore, UpdatesStore, AccountsStore, AnswersStore, FormOutcomesStore {
    /// Whether several processes serve from this store at once (a team's PostgreSQL): then a
    /// refresh of one upstream answer is claimed with a lease before GitHub is asked.
    var isShared: Bool { get }

    /// Answers when the store can be read now (a health check); throws `.unreachable` otherwise.
    func ping() async throws(StoreError)
}

/// A favourite read from an export file.
public struct ImportedFavorite: Sendable {
    public var repository: Repository
    public var addedAt: Date?
    public var note: String
    public var tags: [String]

    public init(repository: Repository, addedAt: Date?, note: String, tags: [String]) {
        self.repository = repository
        self.addedAt = addedAt
        self.note = note
        self.tags = tags
    }
}

/// The defaults every caller uses: the owner and now.
extension Store {
    @discardableResult
    public func addFavorite(_ repository: Repository, for viewer: Viewer = .owner) async throws(StoreError) -> Bool {
        try await addFavorite(repository, for: viewer, at: Date())
    }

    @discardableResult
    public func addFavorite(_ repository: Repository, at date: Date) async throws(StoreError) -> Bool {
        try await addFavorite(repository, for: .owner, at: date)
    }

    @discardableResult
    public func removeFavorite(fullName: String, for viewer: Viewer = .owner) async throws(StoreError) -> Bool {
        try await removeFavorite(fullName: fullName, for: viewer, at: Date())
    }

    public func favorites(for viewer: Viewer = .owner) async throws(StoreError) -> [Favorite] {
        try await favorites(for: viewer, tag: nil)
    }

    public func favorite(fullName: String) async throws(StoreError) -> Favorite? {
        try await favorite(fullName: fullName, for: .owner)
    }

    public func addFavorites(_ repositories: [Repository], for viewer: Viewer = .owner, starredOnGitHub: Bool? = nil)
        async throws(StoreError) -> (added: [String], existing: [String])
    {
        try await addFavorites(repositories, for: viewer, starredOnGitHub: starredOnGitHub, at: Date())
    }

    /// Adds every repository that is not a favourite yet, all in one transaction (a failure adds
    /// none); marks them, and those already there, with `starredOnGitHub` when given.
    public func addFavorites(_ repositories: [Repository], for viewer: Viewer = .owner, starredOnGitHub: Bool? = nil, at date: Date)
        async throws(StoreError) -> (added: [String], existing: [String])
    {
        let entries = repositories.map { ImportedFavorite(repository: $0, addedAt: nil, note: "", tags: []) }
        return try await insertFavorites(entries, for: viewer, starredOnGitHub: starredOnGitHub, at: date)
    }

    /// Adds imported favourites with their notes and tags, in one transaction, skipping those
    /// already there (by id or by name).
    public func addImported(_ entries: [ImportedFavorite], for viewer: Viewer, at date: Date) async throws(StoreError)
        -> (added: [String], existing: [String])
    {
        try await insertFavorites(entries, for: viewer, starredOnGitHub: nil, at: date)
    }

    public func setStarredOnGitHub(_ starred: Bool, repositoryID: Int64) async throws(StoreError) {
        try await setStarredOnGitHub(starred, repositoryID: repositoryID, for: .owner)
    }

    @discardableResult
    public func setNote(_ note: String, fullName: String) async throws(StoreError) -> Bool {
        try await setNote(note, fullName: fullName, for: .owner)
    }

    @discardableResult
    public func changeTags(_ tags: [String], remove: Bool = false, fullName: String) async throws(StoreError) -> Bool {
        try await changeTags(tags, remove: remove, fullName: fullName, for: .owner)
    }

    public func favoriteTags() async throws(StoreError) -> [TagSummary] {
        try await favoriteTags(for: .owner)
    }

    public func describeTag(_ tag: String, as description: String) async throws(StoreError) {
        try await describeTag(tag, as: description, for: .owner)
    }

    public func setTagPublic(_ tag: String, _ isPublic: Bool) async throws(StoreError) {
        try await setTagPublic(tag, isPublic, for: .owner)
    }

    public func favoriteIDs() async throws(StoreError) -> Set<Int64> {
        try await favoriteIDs(for: .owner)
    }

    public func observe(_ repositories: [Repository], at date: Date = Date()) async throws(StoreError) {
        try await observe(repositories, for: .owner, at: date)
    }

    public func snapshot(fullName: String) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)? {
        try await snapshot(fullName: fullName, for: .owner)
    }

    public func watchedRepositories() async throws(StoreError) -> [(id: Int64, fullName: String)] {
        try await watchedRepositories(for: nil)
    }

    public func updates(for viewer: Viewer = .owner, unseenOnly: Bool) async throws(StoreError) -> [Update] {
        try await updates(for: viewer, unseenOnly: unseenOnly, since: nil)
    }

    public func unseenUpdateCount() async throws(StoreError) -> Int {
        try await unseenUpdateCount(for: .owner)
    }

    public func markUpdatesSeen(ids: [Int64]) async throws(StoreError) {
        try await markUpdatesSeen(for: .owner, ids: ids)
    }

    public func saveAccount(login: String, sealedToken: Data) async throws(StoreError) {
        try await saveAccount(login: login, sealedToken: sealedToken, at: Date())
    }

    public func session(secret: String) async throws(StoreError) -> WebSession? {
        try await session(secret: secret, now: Date())
    }

    public func deleteSession(secret: String) async throws(StoreError) {
        try await deleteSession(secret: secret, now: Date())
    }

    /// Imports favourites from an export (or an array of repositories). See `FavoritesArchive`.
    public func importFavorites(_ data: Data, for viewer: Viewer = .owner, at date: Date = Date()) async throws(StoreError)
        -> FavoritesArchive.ImportReport
    {
        let (entries, rejected) = try FavoritesArchive.parse(data)
        let imported = entries.map { _, entry in
            ImportedFavorite(
                repository: entry.repository, addedAt: entry.addedAt, note: FavoriteText.note(entry.note ?? "") ?? "",
                tags: (entry.tags ?? []).compactMap(FavoriteText.tag))
        }
        let (added, existing) = try await addImported(imported, for: viewer, at: date)
        var report = FavoritesArchive.ImportReport()
        report.added = added
        report.alreadyFavorites = existing
        report.rejected = rejected
        return report
    }
}
