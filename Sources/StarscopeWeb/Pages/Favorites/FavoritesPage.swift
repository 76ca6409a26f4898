import HTTPTypes
import StarscopeCore
import StarscopeStore

/// Favourites, from the store: searchable, filterable by language, sortable, with export and import.
struct FavoritesPage: Sendable {
    /// What the last import did, shown on the page.
    struct ImportResult: Codable, Sendable {
        /// An entry not imported: its number (from 1) and why.
        struct Skipped: Codable, Sendable {
            var entry: Int
            var reason: String
        }

        var added: Int
        var alreadyFavorites: Int
        var skipped: [Skipped]
    }

    /// What an import did, or why it could not: kept for the page its redirect leads to.
    struct ImportOutcome: Codable, Sendable {
        var result: ImportResult?
        var error: String?
    }

    var list: FavoritesList
    /// How many favourites there are in all (not only those shown).
    var total = 0
    /// This page's rows (`FavoritesList.rowsPerPage` at most).
    var rows: [RepositoryRow] = []
    /// The next page, when there are more rows.
    var next: FavoritesList?
    /// The languages of all favourites, for the filter.
    var languages: [String] = []
    /// Every tag in use or described, with its description and how many favourites carry it.
    var tags: [TagSummary] = []
    var importResult: ImportResult?
    /// What a sync with GitHub's stars did.
    struct SyncResult: Codable, Sendable {
        var added: Int
        var alreadyFavorites: Int
        var pushed: Int
        var failure: String?
        var pushRequested: Bool
    }

    var syncResult: SyncResult?
    /// What a sync with GitHub's star Lists did.
    var listsResult: ListsSyncOutcome?
    /// Requests carry a token, so GitHub's stars can be synced.
    var canSync = false
    /// Why a file could not be imported at all.
    var importError: String?
    /// A favourite just removed without the page's script: the page offers to undo it.
    var removed: String?
    var status: HTTPResponse.Status = .ok
}
