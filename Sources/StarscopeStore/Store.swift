import Foundation
import StarscopeModels

/// Everything Starscope keeps: favourites with their notes and tags, star history and repository
/// snapshots, updates, accounts and web sessions, GitHub's answers, and the leases that let
/// several servers share one refresh.
///
/// Two implementations, kept in step by one test suite (`StoreContractTests`): `AppDatabase`
/// (SQLite through GRDB: the embedded default, and the terminal's) and `PostgresStore` (one
/// PostgreSQL database shared by several `starscope serve` instances). Favourites are kept per
/// account: "" is the one user of a server without accounts, and the terminal's.
public protocol Store: Sendable {
    /// Whether several processes serve from this store at once (a team's PostgreSQL): then a
    /// refresh of one upstream answer is claimed with a lease before GitHub is asked.
    var isShared: Bool { get }

    /// Answers when the store can be read now (a health check); throws `.unreachable` otherwise.
    func ping() async throws(StoreError)

    // MARK: Favourites

    /// Adds a favourite, or refreshes its snapshot if it is one already; true when added.
    @discardableResult
    func addFavorite(_ repository: Repository, account: String, at date: Date) async throws(StoreError) -> Bool
    /// Removes the favourite called `fullName` (any case) at `date`; false when there was none.
    /// What the person made of it (note, tags, added date, star mark) is kept for
    /// `Favorite.undoWindow`, so that `restoreFavorite` (Undo) brings it back exactly.
    @discardableResult
    func removeFavorite(fullName: String, account: String, at date: Date) async throws(StoreError) -> Bool
    /// Brings back the favourite called `fullName` (any case) removed at `since` or later, exactly
    /// as it was; false when there is none, or it is a favourite again.
    @discardableResult
    func restoreFavorite(fullName: String, account: String, removedSince since: Date) async throws(StoreError) -> Bool
    /// Every favourite, most recently added first; with `tag`, only those carrying it (any case).
    func favorites(account: String, tag: String?) async throws(StoreError) -> [Favorite]
    func favorite(fullName: String, account: String) async throws(StoreError) -> Favorite?
    /// Adds each entry that is not a favourite yet (by id or by name), with its note and tags, all
    /// in one transaction (a failure adds none); marks them, and those already there, with
    /// `starredOnGitHub` when given. `addFavorites` and `addImported` come down to it.
    func insertFavorites(_ entries: [ImportedFavorite], account: String, starredOnGitHub: Bool?, at date: Date)
        async throws(StoreError) -> (added: [String], existing: [String])
    /// Records what GitHub says of a favourite's star (no change when it is not a favourite).
    func setStarredOnGitHub(_ starred: Bool, repositoryID: Int64, account: String) async throws(StoreError)
    /// Replaces a favourite's note ("" clears it); false when it is not a favourite.
    @discardableResult
    func setNote(_ note: String, fullName: String, account: String) async throws(StoreError) -> Bool
    /// Adds `tags` to a favourite (or removes them); false when it is not a favourite.
    @discardableResult
    func changeTags(_ tags: [String], remove: Bool, fullName: String, account: String) async throws(StoreError) -> Bool
    /// Every tag in use with how many favourites carry it, by name.
    func favoriteTags(account: String) async throws(StoreError) -> [(tag: String, count: Int)]
    /// The ids of every favourite, to mark them in lists.
    func favoriteIDs(account: String) async throws(StoreError) -> Set<Int64>

    // MARK: Star history and snapshots

    /// Records what GitHub said of `repositories`, fetched for `account`. A public repository
    /// gets a star sample when its count changed, the shared snapshot, and fresh snapshots in
    /// every account's favourites; a private one (`!isPublic`) refreshes `account`'s own favourite
    /// only and is never shared. Only GitHub's answers come here, never a file's.
    func observe(_ repositories: [Repository], account: String, at date: Date) async throws(StoreError)
    /// The latest shared snapshot of `fullName` (any case), else `account`'s own favourite's.
    func snapshot(fullName: String, account: String) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)?
    func starHistory(repositoryID: Int64) async throws(StoreError) -> [StarSample]
    func starHistories(repositoryIDs: [Int64]) async throws(StoreError) -> [Int64: [StarSample]]
    func observeSample(repositoryID: Int64, fullName: String, stars: Int, at date: Date) async throws(StoreError)
    func record(_ samples: [StarSample]) async throws(StoreError)
    /// Stars gained by each repository with a snapshot since `since`, from its samples.
    func starGains(since: Date) async throws(StoreError) -> [StarGain]
    func oldestStarSample() async throws(StoreError) -> Date?

    // MARK: GitHub's star history

    /// The weekly buckets GitHub gave for a repository, newest first, and when; nil when never asked.
    func gitHubStarHistory(repositoryID: Int64) async throws(StoreError) -> GitHubStarHistory?
    /// `starHistory` and, when `gitHub`, `gitHubStarHistory` of one repository (a detail shows
    /// both on every view: SQLite reads them in one transaction).
    func starRecords(repositoryID: Int64, gitHub: Bool) async throws(StoreError) -> StarRecords
    /// Replaces what is kept of a repository's history with `history` (merge a refresh first:
    /// `GitHubStarHistory.merge`).
    func saveGitHubStarHistory(_ history: GitHubStarHistory) async throws(StoreError)
    /// Keeps the newest weeks (page 1) of a public repository's history, to find those breaking out.
    func saveRecentStarWeeks(repositoryID: Int64, weeks: [StarHistoryWeek], at date: Date) async throws(StoreError)
    /// The newest weeks kept for one repository, newest first, and when they were asked.
    func recentStarWeeks(repositoryID: Int64) async throws(StoreError) -> (weeks: [StarHistoryWeek], fetchedAt: Date)?
    /// The newest weeks kept since `since`, each with its repository's shared snapshot (public only).
    func recentStarWeeks(since: Date) async throws(StoreError) -> [RecentStarWeeks]
    /// Public repositories seen in a list or detail since `seenSince` whose newest weeks were not
    /// asked since `staleBefore`, most recently seen first: who may be breaking out.
    func breakingOutCandidates(seenSince: Date, staleBefore: Date, limit: Int) async throws(StoreError) -> [(id: Int64, fullName: String)]

    // MARK: Updates

    func watch(repositoryID: Int64) async throws(StoreError) -> RepositoryWatch?
    /// Saves what is known of a watched repository and gives `updates` to every account that
    /// has it as a favourite (only to `account` when given: a private repository's news goes to
    /// no one else), each once (by its key). The checking account's `WatchProblem` (everyone's
    /// when `account` is nil) goes: the repository was seen again.
    func record(_ watch: RepositoryWatch, updates: [Update], account: String?) async throws(StoreError)
    /// Saves why a watched repository could not be checked with `problem.account`'s token, and
    /// gives `updates` (such as "no longer on GitHub") to that account alone, once each.
    func record(_ problem: WatchProblem, updates: [Update]) async throws(StoreError)
    /// Favourites that could not be checked: `account`'s, or everyone's (nil).
    func watchProblems(account: String?) async throws(StoreError) -> [WatchProblem]
    /// Every repository `account` has as a favourite (any account's when nil), once each.
    func watchedRepositories(account: String?) async throws(StoreError) -> [(id: Int64, fullName: String)]
    /// Every account with a favourite.
    func accountsWithFavorites() async throws(StoreError) -> [String]
    func updates(account: String, unseenOnly: Bool, since: Date?) async throws(StoreError) -> [Update]
    func unseenUpdateCount(account: String) async throws(StoreError) -> Int
    func markUpdatesSeen(account: String, ids: [Int64]) async throws(StoreError)

    // MARK: Accounts and sessions

    /// Creates or updates an account known by its login only, as every account was before
    /// GitHub's ids were kept (v12); `signIn` is how people sign in now.
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
    /// The account whose data are kept under `key` (`AccountRecord.key`, a session's `account`).
    func account(key: String) async throws(StoreError) -> AccountRecord?
    /// Sets the theme of the account keyed `account`.
    func setTheme(_ theme: String, account: String) async throws(StoreError)
    /// Ends every session of `account` (its key, or "" for the one user): how many ended.
    @discardableResult
    func endSessions(account: String) async throws(StoreError) -> Int
    /// Deletes everything kept for the account keyed `account`: its sealed token and theme,
    /// favourites with their notes and tags (and why some could not be checked), updates and
    /// sessions, in one transaction; nothing of
    /// any other account. False when there was nothing ("" is never forgotten this way).
    @discardableResult
    func forgetAccount(_ account: String) async throws(StoreError) -> Bool
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
    /// Deletes the sessions of `account` beyond its `keeping` newest, and every expired one.
    func trimSessions(account: String, keeping: Int, now: Date) async throws(StoreError)

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

/// The defaults every caller uses: account "" and now.
extension Store {
    @discardableResult
    public func addFavorite(_ repository: Repository, account: String = "") async throws(StoreError) -> Bool {
        try await addFavorite(repository, account: account, at: Date())
    }

    @discardableResult
    public func removeFavorite(fullName: String, account: String = "") async throws(StoreError) -> Bool {
        try await removeFavorite(fullName: fullName, account: account, at: Date())
    }

    @discardableResult
    public func removeFavorite(fullName: String) async throws(StoreError) -> Bool {
        try await removeFavorite(fullName: fullName, account: "")
    }

    public func favorites(account: String = "") async throws(StoreError) -> [Favorite] {
        try await favorites(account: account, tag: nil)
    }

    public func favorite(fullName: String) async throws(StoreError) -> Favorite? {
        try await favorite(fullName: fullName, account: "")
    }

    public func addFavorites(_ repositories: [Repository], account: String = "", starredOnGitHub: Bool? = nil)
        async throws(StoreError) -> (added: [String], existing: [String])
    {
        try await addFavorites(repositories, account: account, starredOnGitHub: starredOnGitHub, at: Date())
    }

    /// Adds every repository that is not a favourite yet, all in one transaction (a failure adds
    /// none); marks them, and those already there, with `starredOnGitHub` when given.
    public func addFavorites(_ repositories: [Repository], account: String = "", starredOnGitHub: Bool? = nil, at date: Date)
        async throws(StoreError) -> (added: [String], existing: [String])
    {
        let entries = repositories.map { ImportedFavorite(repository: $0, addedAt: nil, note: "", tags: []) }
        return try await insertFavorites(entries, account: account, starredOnGitHub: starredOnGitHub, at: date)
    }

    /// Adds imported favourites with their notes and tags, in one transaction, skipping those
    /// already there (by id or by name).
    public func addImported(_ entries: [ImportedFavorite], account: String, at date: Date) async throws(StoreError)
        -> (added: [String], existing: [String])
    {
        try await insertFavorites(entries, account: account, starredOnGitHub: nil, at: date)
    }

    public func setStarredOnGitHub(_ starred: Bool, repositoryID: Int64) async throws(StoreError) {
        try await setStarredOnGitHub(starred, repositoryID: repositoryID, account: "")
    }

    @discardableResult
    public func setNote(_ note: String, fullName: String) async throws(StoreError) -> Bool {
        try await setNote(note, fullName: fullName, account: "")
    }

    @discardableResult
    public func changeTags(_ tags: [String], remove: Bool = false, fullName: String) async throws(StoreError) -> Bool {
        try await changeTags(tags, remove: remove, fullName: fullName, account: "")
    }

    public func favoriteTags() async throws(StoreError) -> [(tag: String, count: Int)] {
        try await favoriteTags(account: "")
    }

    public func favoriteIDs() async throws(StoreError) -> Set<Int64> {
        try await favoriteIDs(account: "")
    }

    public func observe(_ repositories: [Repository], at date: Date = Date()) async throws(StoreError) {
        try await observe(repositories, account: "", at: date)
    }

    public func snapshot(fullName: String) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)? {
        try await snapshot(fullName: fullName, account: "")
    }

    public func record(_ watch: RepositoryWatch, updates: [Update]) async throws(StoreError) {
        try await record(watch, updates: updates, account: nil)
    }

    public func watchedRepositories() async throws(StoreError) -> [(id: Int64, fullName: String)] {
        try await watchedRepositories(account: nil)
    }

    public func updates(account: String = "", unseenOnly: Bool) async throws(StoreError) -> [Update] {
        try await updates(account: account, unseenOnly: unseenOnly, since: nil)
    }

    public func unseenUpdateCount() async throws(StoreError) -> Int {
        try await unseenUpdateCount(account: "")
    }

    public func markUpdatesSeen(ids: [Int64]) async throws(StoreError) {
        try await markUpdatesSeen(account: "", ids: ids)
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
    public func importFavorites(_ data: Data, account: String = "", at date: Date = Date()) async throws(StoreError)
        -> FavoritesArchive.ImportReport
    {
        let (entries, rejected) = try FavoritesArchive.parse(data)
        let imported = entries.map { _, entry in
            ImportedFavorite(
                repository: entry.repository, addedAt: entry.addedAt, note: FavoriteText.note(entry.note ?? "") ?? "",
                tags: (entry.tags ?? []).compactMap(FavoriteText.tag))
        }
        let (added, existing) = try await addImported(imported, account: account, at: date)
        var report = FavoritesArchive.ImportReport()
        report.added = added
        report.alreadyFavorites = existing
        report.rejected = rejected
        return report
    }
}
