import Foundation
import StarscopeModels

/// Star counts over time (Starscope's own samples and GitHub's weekly buckets) and the
/// snapshots of repositories GitHub gave, shared only as the audience rule allows.
public protocol HistoryStore: Sendable {
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

    /// The weekly buckets GitHub gave for `repository`, newest first, and when; nil when never
    /// asked, and for a repository whose history is not shared (it is asked each time).
    func gitHubStarWeeks(of repository: Repository) async throws(StoreError) -> GitHubStarWeeks?
    /// `starHistory` and `gitHubStarWeeks(of:)` of one repository (a detail shows both on every
    /// view: SQLite reads them in one transaction).
    func keptStarHistory(of repository: Repository) async throws(StoreError) -> KeptStarHistory
    /// Replaces what is kept of `repository`'s history with `history` (merge a refresh first:
    /// `GitHubStarWeeks.merge`); keeps nothing of a repository that is not shared.
    func saveGitHubStarWeeks(_ history: GitHubStarWeeks, of repository: Repository) async throws(StoreError)
    /// Keeps the newest weeks (page 1) of a shared repository's history, to find those breaking out.
    func saveRecentStarWeeks(of repository: Repository, weeks: [StarHistoryWeek], at date: Date) async throws(StoreError)
    /// The newest weeks kept for one repository, newest first, and when they were asked.
    func recentStarWeeks(of repository: Repository) async throws(StoreError) -> (weeks: [StarHistoryWeek], fetchedAt: Date)?
    /// The newest weeks kept since `since`, each with its repository's shared snapshot (public only).
    func recentStarWeeks(since: Date) async throws(StoreError) -> [RecentStarWeeks]
    /// Public repositories seen in a list or detail since `seenSince` whose newest weeks were not
    /// asked since `staleBefore`, most recently seen first: who may be breaking out.
    func breakingOutCandidates(seenSince: Date, staleBefore: Date, limit: Int) async throws(StoreError) -> [Repository]
}
