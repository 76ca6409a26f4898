import Foundation
import StarscopeModels

/// What was last seen of each watched favourite, the updates it made, and why some could not
/// be checked.
public protocol UpdatesStore: Sendable {
    /// What was last seen of a watched repository by `viewer`'s token: its own of a repository
    /// that is not shared, else the shared one.
    func watch(repositoryID: Int64, for viewer: Viewer) async throws(StoreError) -> RepositoryWatch?
    /// Saves what is known of `repository`, watched (in the shared table when it may be shared,
    /// else for `viewer`'s token's account alone), and gives `updates` to every account that
    /// has it as a favourite, each once (by its key); of a repository that is not shared, only to
    /// the account whose token checked it (`viewer`). That account's `WatchProblem` (everyone's,
    /// for a shared one) goes: the repository was seen again.
    func record(_ watch: RepositoryWatch, updates: [Update], of repository: Repository, checkedFor viewer: Viewer)
        async throws(StoreError)
    /// Saves why a watched repository could not be checked with `problem.viewer`'s token, and
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
}
