import Foundation
import StarscopeStore

/// What every page needs besides its content.
struct PageContext: Sendable, Hashable {
    enum Theme: String, Sendable, CaseIterable {
        case system, light, dark
    }

    var theme: Theme = .system
    /// The CSRF token every state-changing form carries.
    var csrf: String
    /// The offline / stale / rate-limit notice, if any.
    var banner: String?
    /// Which navigation entry is current.
    var section: Section = .trending
    /// Sign-in is required and this browser has a session (Settings offers to sign out).
    var signedIn = false
    /// Whose pages these are.
    var viewer: Viewer

    /// A guest's pages: browsing only.
    var isReadOnly: Bool { viewer == .guest }

    /// Updates not seen yet (the navigation shows the count).
    var unreadUpdates = 0

    enum Section { case trending, rising, favorites, updates, accounts, people, settings, none }
}

extension Layout {
    /// A page's Atom feed, announced in its head: the feed's title and address.
    struct Feed: Sendable, Hashable {
        var title: String
        var href: String
    }
}
