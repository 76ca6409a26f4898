import Foundation
import StarscopeModels

/// Everything Starscope keeps: favourites with their notes and tags, star history and repository
/// snapshots, updates, accounts and web sessions, GitHub's answers, and the leases that let
/// several servers share one refresh.
///
/// Two implementations, kept in step by one test suite (`StoreContractTests`): `AppDatabase`
/// (SQLite through GRDB: the embedded default, and the terminal's) and `PostgresStore` (one
/// PostgreSQL database shared by several `starscope serve` instances). What each call may read
/// or write is decided by its `Viewer` and the audience rule (`Viewer+Audience.swift`), inside
/// each implementation: callers never test visibility themselves.
public protocol Store: Sendable {
    /// Whether several processes serve from this store at once (a team's PostgreSQL): then a
    /// refresh of one upstream answer is claimed with a lease before GitHub is asked.
    var isShared: Bool { get }

    /// Answers when the store can be read now (a health check); throws `.unreachable` otherwise.
    func ping() async throws(StoreError)

    // MARK: Favourites

    /// Adds a favourite, or refreshes its snapshot if it is one already; true when added.
    @discardableResult
    func addFavorite(_ repository: Repository, for viewer: Viewer, at date: Date) async throws(StoreError) -> Bool
    /// Removes the favourite called `fullName` (any case) at `date`; false when there was none.
    /// What the person made of it (note, tags, added date, star mark) is kept for
    /// `Favorite.undoWindow`, so that `restoreFavorite` (Undo) brings it back exactly.
    @discardableResult
    func removeFavorite(fullName: String, for viewer: Viewer, at date: Date) async throws(StoreError) -> Bool
    /// Brings back the favourite called `fullName` (any case) removed at `since` or later, exactly
    /// as it was; false when there is none, or it is a favourite again.
    @discardableResult
    func restoreFavorite(fullName: String, for viewer: Viewer, removedSince since: Date) async throws(StoreError) -> Bool
    /// Every favourite, most recently added first; with `tag`, only those carrying it (any case).
    func favorites(for viewer: Viewer, tag: String?) async throws(StoreError) -> [Favorite]
    func favorite(fullName: String, for viewer: Viewer) async throws(StoreError) -> Favorite?
    /// Adds each entry that is not a favourite yet (by id or by name), with its note and tags, all
    /// in one transaction (a failure adds none); marks them, and those already there, with
    /// `starredOnGitHub` when given. `addFavorites` and `addImported` come down to it.
    func insertFavorites(_ entries: [ImportedFavorite], for viewer: Viewer, starredOnGitHub: Bool?, at date: Date)
        async throws(StoreError) -> (added: [String], existing: [String])
    /// Records what GitHub says of a favourite's star (no change when it is not a favourite).
    func setStarredOnGitHub(_ starred: Bool, repositoryID: Int64, for viewer: Viewer) async throws(StoreError)
    /// Replaces a favourite's note ("" clears it); false when it is not a favourite.
    @discardableResult
    func setNote(_ note: String, fullName: String, for viewer: Viewer) async throws(StoreError) -> Bool
    /// Adds `tags` to a favourite (or removes them); false when it is not a favourite.
    @discardableResult
    func changeTags(_ tags: [String], remove: Bool, fullName: String, for viewer: Viewer) async throws(StoreError) -> Bool
    /// Every tag in use with how many favourites carry it, by name.
    func favoriteTags(for viewer: Viewer) async throws(StoreError) -> [(tag: String, count: Int)]
    /// The ids of every favourite, to mark them in lists.
    func favoriteIDs(for viewer: Viewer) async throws(StoreError) -> Set<Int64>

    // MARK: Star history and snapshots

    /// Records what GitHub said of `repositories`, read for `viewer`. One every viewer may read
    /// gets a star sample when its count changed, the shared snapshot, and fresh snapshots in
    /// every account's favourites; any other refreshes only the favourite of the account whose
    /// token read it, and is never shared. Only GitHub's answers come here, never a file's.
    func observe(_ repositories: [Repository], for viewer: Viewer, at date: Date) async throws(StoreError)
    /// The latest shared snapshot of `fullName` (any case), else `viewer`'s own favourite's.
    func snapshot(fullName: String, for viewer: Viewer) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)?
    func starHistory(repositoryID: Int64) async throws(StoreError) -> [StarSample]
    func starHistories(repositoryIDs: [Int64]) async throws(StoreError) -> [Int64: [StarSample]]
    func observeSample(repositoryID: Int64, fullName: String, stars: Int, at date: Date) async throws(StoreError)
    func record(_ samples: [StarSample]) async throws(StoreError)
    /// Stars gained by each repository with a snapshot since `since`, from its samples.
    func starGains(since: Date) async throws(StoreError) -> [StarGain]
    func oldestStarSample() async throws(StoreError) -> Date?

    // MARK: GitHub's star history

    /// The weekly buckets GitHub gave for `repository`, newest first, and when; nil when never
    /// asked, and for a repository whose history is not shared (it is asked each time).
    func gitHubStarHistory(of repository: Repository) async throws(StoreError) -> GitHubStarHistory?
    /// `starHistory` and `gitHubStarHistory(of:)` of one repository (a detail shows both on every
    /// view: SQLite reads them in one transaction).
    func starRecords(of repository: Repository) async throws(StoreError) -> StarRecords
    /// Replaces what is kept of `repository`'s history with `history` (merge a refresh first:
    /// `GitHubStarHistory.merge`); keeps nothing of a repository that is not shared.
    func saveGitHubStarHistory(_ history: GitHubStarHistory, of repository: Repository) async throws(StoreError)
    /// Keeps the newest weeks (page 1) of a shared repository's history, to find those breaking out.
    func saveRecentStarWeeks(of repository: Repository, weeks: [StarHistoryWeek], at date: Date) async throws(StoreError)
    /// The newest weeks kept for one repository, newest first, and when they were asked.
    func recentStarWeeks(of repository: Repository) async throws(StoreError) -> (weeks: [StarHistoryWeek], fetchedAt: Date)?
    /// The newest weeks kept since `since`, each with its repository's shared snapshot (public only).
    func recentStarWeeks(since: Date) async throws(StoreError) -> [RecentStarWeeks]
    /// Public repositories seen in a list or detail since `seenSince` whose newest weeks were not
    /// asked since `staleBefore`, most recently seen first: who may be breaking out.
    func breakingOutCandidates(seenSince: Date, staleBefore: Date, limit: Int) async throws(StoreError) -> [Repository]

    // MARK: Updates

    func watch(repositoryID: Int64) async throws(StoreError) -> RepositoryWatch?
    /// Saves what is known of `repository`, watched, and gives `updates` to every account that
    /// has it as a favourite, each once (by its key); of a repository that is not shared, only to
    /// the account whose token checked it (`viewer`). That account's `WatchProblem` (everyone's,
    /// for a shared one) goes: the repository was seen again.
    func record(_ watch: RepositoryWatch, updates: [Update], of repository: Repository, checkedFor viewer: Viewer)
        async throws(StoreError)
    /// Saves why a watched repository could not be checked with `problem.account`'s token, and
    /// gives `updates` (such as "no longer on GitHub") to that account alone, once each.
    func record(_ problem: WatchProblem, updates: [Update]) async throws(StoreError)
    /// Favourites that could not be checked: `viewer`'s, or everyone's (nil).
    func watchProblems(for viewer: Viewer?) async throws(StoreError) -> [WatchProblem]
    /// Every repository `viewer` has as a favourite (any account's when nil), once each.
    func watchedRepositories(for viewer: Viewer?) async throws(StoreError) -> [(id: Int64, fullName: String)]
    /// Every viewer with a favourite (the owner and accounts).
    func viewersWithFavorites() async throws(StoreError) -> [Viewer]
    func updates(for viewer: Viewer, unseenOnly: Bool, since: Date?) async throws(StoreError) -> [Update]
    func unseenUpdateCount(for viewer: Viewer) async throws(StoreError) -> Int
    func markUpdatesSeen(for viewer: Viewer, ids: [Int64]) async throws(StoreError)

    // MARK: Accounts and sessions

    /// Creates or updates an account known by its login only, as every account was before
    /// GitHub's ids were kept (v12); people sign in with `signIn`.
    func saveAccount(login: String, sealedToken: Data, at date: Date) async throws(StoreError)
    /// Signs in GitHub's user `userID`, called `login` now, with a freshly sealed token, in one
    /// transaction: the account of that id (its login updated when GitHub's changed), else an
    /// account made before ids were kept with that login, adopted once (its data moved to the
    /// id's key, its old sessions ended), else a new, empty account. Any other account holding
    /// `login` is someone GitHub gave that login before: it is moved aside (login `#ID`) and keeps
    /// its data, which the newcomer never sees.
    func signIn(userID: Int64, login: String, sealedToken: Data, at date: Date) async throws(StoreError) -> AccountSignIn
    /// The account called `login` now (any case).
    func account(login: String) async throws(StoreError) -> AccountRecord?
    /// The account whose data are kept under `key`.
    func account(key: AccountKey) async throws(StoreError) -> AccountRecord?
    /// Sets the theme of the account keyed `key`.
    func setTheme(_ theme: String, account key: AccountKey) async throws(StoreError)
    /// Ends every session of `viewer`: how many ended.
    @discardableResult
    func endSessions(for viewer: Viewer) async throws(StoreError) -> Int
    /// Deletes everything kept for the account keyed `key`: its sealed token and theme,
    /// favourites with their notes and tags (and why some could not be checked), updates,
    /// sessions and its partition of GitHub's answers (`CachePartition`), in one transaction;
    /// nothing of any other account. False when there was nothing.
    @discardableResult
    func forgetAccount(_ key: AccountKey) async throws(StoreError) -> Bool
    /// How many tokens are sealed with `accounts.key`, one to try it on, and its stored check.
    func accountsKeyState() async throws(StoreError) -> AccountsKeyState
    /// Stores the check value of the `accounts.key` in use (see `TokenVault.check`).
    func setAccountsKeyCheck(_ check: Data) async throws(StoreError)
    /// `serve --reset-accounts`: ends every session, drops every sealed token (each person signs
    /// in again) and stores the new key's check, in one transaction.
    @discardableResult
    func resetAccounts(keyCheck: Data) async throws(StoreError) -> (sessions: Int, tokens: Int)
    func saveSession(_ session: WebSession) async throws(StoreError)
    func session(secret: String, now: Date) async throws(StoreError) -> WebSession?
    /// Deletes the session of `secret`, and every expired one.
    func deleteSession(secret: String, now: Date) async throws(StoreError)
    /// Deletes the sessions of `viewer` beyond its `keeping` newest, and every expired one.
    func trimSessions(for viewer: Viewer, keeping: Int, now: Date) async throws(StoreError)

    // MARK: GitHub's answers

    func cachedResponse(key: String) async throws(StoreError) -> CachedResponse?
    /// Stores `entry` and evicts the least recently used answers beyond `maximumBytes`.
    func save(_ entry: CachedResponse, maximumBytes: Int) async throws(StoreError)
    /// Marks a stored answer as used now, for eviction (one small update, the body untouched).
    func markUsed(key: String, now: Date) async throws(StoreError)
    /// Marks a stored answer as revalidated now with GitHub's new headers (ETag, rate limit…).
    func touch(key: String, now: Date, revalidatedWith headers: [String: String]?, maxAge: Double?) async throws(StoreError)
    /// How many bytes the response cache holds.
    func cacheSize() async throws(StoreError) -> Int
    /// The store's secret for naming partitions of GitHub's answers (`CachePartition`), made on
    /// first use and shared by every process over this store.
    func cachePartitionKey() async throws(StoreError) -> Data

    // MARK: Leases

    /// Takes the lease `name` for `holder` until `until`, when no other holder has it now (or
    /// renews it for the same holder); false when someone else holds it. A holder that dies
    /// leaves it to expire.
    func claimLease(_ name: String, holder: String, until: Date, now: Date) async throws(StoreError) -> Bool
    /// Gives the lease back early (only `holder`'s).
    func releaseLease(_ name: String, holder: String) async throws(StoreError)
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

    public func favoriteTags() async throws(StoreError) -> [(tag: String, count: Int)] {
        try await favoriteTags(for: .owner)
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
