import Foundation

/// What a web form did (an import, a sync, a refused token), kept a few minutes for the page its
/// redirect leads to, in the store: every instance serving from it can read it, whichever one
/// the form was posted to.
public protocol FormOutcomesStore: Sendable {
    /// Keeps `value` under `id` for `viewer` until `until`. Expired outcomes go; past
    /// `FormOutcomeLimits.perViewer` the viewer's oldest go too. A viewer with nothing of its own
    /// (`.everyone`) keeps nothing.
    func keepFormOutcome(_ value: Data, id: String, for viewer: Viewer, until: Date, now: Date) async throws(StoreError)
    /// The outcome kept as `id` for `viewer`, while it is kept; nil for another viewer's.
    func formOutcome(id: String, for viewer: Viewer, now: Date) async throws(StoreError) -> Data?
}

/// The bounds of kept form outcomes.
public enum FormOutcomeLimits {
    /// Outcomes kept per viewer: a form posted again and again pushes out only its own.
    public static let perViewer = 20
    /// The largest outcome kept, in bytes; a larger one is not kept.
    public static let largest = 256 << 10
}
