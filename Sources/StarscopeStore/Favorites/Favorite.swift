import Foundation
import StarscopeModels

/// A favourite as the app sees it.
public struct Favorite: Sendable, Hashable {
    /// How long a removed favourite is kept as it was, for Undo (`Store.restoreFavorite`).
    public static let undoWindow: TimeInterval = 3600

    public var repository: Repository
    public var addedAt: Date
    /// When the snapshot was last refreshed from GitHub.
    public var updatedAt: Date
    /// The person's own note ("" for none).
    public var note: String
    /// The person's own tags, sorted.
    public var tags: [String]
    /// Whether it is starred on GitHub, when Starscope knows (it starred, unstarred or synced it).
    public var starredOnGitHub: Bool?

    public init(
        repository: Repository, addedAt: Date, updatedAt: Date, note: String = "", tags: [String] = [], starredOnGitHub: Bool? = nil
    ) {
        self.starredOnGitHub = starredOnGitHub
        self.repository = repository
        self.addedAt = addedAt
        self.updatedAt = updatedAt
        self.note = note
        self.tags = tags
    }
}
