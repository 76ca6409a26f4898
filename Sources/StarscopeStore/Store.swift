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
public protocol Store: FavoritesStore, HistoryStore, UpdatesStore, UpdatesCheckStore, AccountsStore, AnswersStore, FormOutcomesStore {
    /// Whether several processes serve from this store at once (a team's PostgreSQL): then a
    /// refresh of one upstream answer is claimed with a lease before GitHub is asked.
    var isShared: Bool { get }

    /// How many changes this process has written to the store: a page made before one is out of
    /// date after it (`KeptPages` in the web app). Nil when other processes change the store too
    /// (a team's PostgreSQL), whose changes this one cannot count.
    var revision: Int? { get }

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

/// Now, for callers that do not give a date. Every call names its viewer.
extension Store {
    @discardableResult
    public func addFavorite(_ repository: Repository, for viewer: Viewer) async throws(StoreError) -> Bool {
        try await addFavorite(repository, for: viewer, at: Date())
    }

    @discardableResult
    public func removeFavorite(fullName: String, for viewer: Viewer) async throws(StoreError) -> Bool {
        try await removeFavorite(fullName: fullName, for: viewer, at: Date())
    }

    public func favorites(for viewer: Viewer) async throws(StoreError) -> [Favorite] {
        try await favorites(for: viewer, tag: nil)
    }

    public func addFavorites(_ repositories: [Repository], for viewer: Viewer, starredOnGitHub: Bool? = nil)
        async throws(StoreError) -> (added: [String], existing: [String])
    {
        try await addFavorites(repositories, for: viewer, starredOnGitHub: starredOnGitHub, at: Date())
    }

    /// Adds every repository that is not a favourite yet, all in one transaction (a failure adds
    /// none); marks them, and those already there, with `starredOnGitHub` when given.
    public func addFavorites(_ repositories: [Repository], for viewer: Viewer, starredOnGitHub: Bool? = nil, at date: Date)
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

    public func observe(_ repositories: [Repository], for viewer: Viewer) async throws(StoreError) {
        try await observe(repositories, for: viewer, at: Date())
    }

    public func updates(for viewer: Viewer, unseenOnly: Bool) async throws(StoreError) -> [Update] {
        try await updates(for: viewer, unseenOnly: unseenOnly, since: nil)
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
    public func importFavorites(_ data: Data, for viewer: Viewer, at date: Date = Date()) async throws(StoreError)
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
