import Foundation
import StarscopeModels

/// Favourites with their notes, tags and GitHub star marks, kept in each viewer's partition;
/// removed ones kept for the Undo window.
public protocol FavoritesStore: Sendable {
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
    /// Every tag in use or described, with its description and how many favourites carry it, by
    /// name (any case).
    func favoriteTags(for viewer: Viewer) async throws(StoreError) -> [TagSummary]
    /// Describes `tag` (any case); "" takes the description away.
    func describeTag(_ tag: String, as description: String, for viewer: Viewer) async throws(StoreError)
    /// Marks `tag` (any case) public or private: the visibility its List is made with.
    func setTagPublic(_ tag: String, _ isPublic: Bool, for viewer: Viewer) async throws(StoreError)
    /// What each of GitHub's Lists held after the last sync with the tags.
    func listSyncBases(for viewer: Viewer) async throws(StoreError) -> [ListSyncBase]
    /// Replaces every base of the viewer's Lists, at the end of a sync.
    func replaceListSyncBases(_ bases: [ListSyncBase], for viewer: Viewer) async throws(StoreError)
    /// The ids of every favourite, to mark them in lists.
    func favoriteIDs(for viewer: Viewer) async throws(StoreError) -> Set<Int64>
}
