import Foundation
import StarscopeStore

/// What changed on a viewer's favourites, as `/updates`, its Atom feed and `starscope updates`
/// show it: the last 30 days, or what is new since the viewer last looked.
public struct UpdatesFeed: Sendable {
    /// How far back "recent" goes.
    public static let span: TimeInterval = 30 * 86_400

    public let database: any Store
    public let viewer: Viewer

    public init(database: any Store, viewer: Viewer) {
        self.database = database
        self.viewer = viewer
    }

    /// The updates of the last 30 days before `now` (from `since`, when given), newest first.
    public func recent(now: Date, since: Date? = nil) async throws(StarscopeError) -> [Update] {
        try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.updates(for: viewer, unseenOnly: false, since: since ?? now.addingTimeInterval(-Self.span))
        }
    }

    /// The updates the viewer has not seen, newest first.
    public func unseen() async throws(StarscopeError) -> [Update] {
        try await StarscopeError.fromStore { () async throws(StoreError) in
            try await database.updates(for: viewer, unseenOnly: true, since: nil)
        }
    }

    /// How many updates the viewer has not seen (the navigation's count); 0 when the store cannot say.
    public func unseenCount() async -> Int {
        (try? await database.unseenUpdateCount(for: viewer)) ?? 0
    }

    /// Marks `updates` seen.
    public func markSeen(_ updates: [Update]) async throws(StarscopeError) {
        let ids = updates.compactMap(\.id)
        guard !ids.isEmpty else { return }
        try await StarscopeError.fromStore { () async throws(StoreError) in try await database.markUpdatesSeen(for: viewer, ids: ids) }
    }
}
