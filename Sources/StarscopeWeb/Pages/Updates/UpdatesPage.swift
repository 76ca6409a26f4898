import Foundation
import StarscopeStore

/// Updates: what happened to the favourites in the last 30 days, the unseen ones marked.
struct UpdatesPage: Page {
    var updates: [Update]
    /// Those not seen before this visit.
    var unseen: Set<Int64>
    var favoritesCount: Int
    /// How often the server checks, in seconds (nil: it does not, e.g. offline).
    var checkInterval: Double?
    var now: Date

    var section: PageContext.Section { .updates }
}
