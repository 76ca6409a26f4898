import StarscopeModels
import StarscopeStore
import Synchronization

/// The last windows cut from GitHub's pages (New & popular's 25 rows of 100), by the page they
/// were cut from: the same page, still kept in memory, cut the same way gives back the same
/// array, so a list made from it is recognised in one step (`Array`'s `==` finds a buffer equal
/// to itself at once, where comparing 25 repositories a field at a time would be most of a cached
/// page's list). Each entry holds its page, so no other array can take its buffer's place
/// (`Array.isSameBuffer`).
final class RecentWindows: Sendable {
    private struct Entry {
        var source: [Repository]
        var window: RowWindow
        var viewer: Viewer
        var upstreamHasNext: Bool
        var cut: (items: [Repository], nextPage: Int?)
    }

    static let capacity = 16
    private let entries = Mutex<[Entry]>([])

    /// `make()`'s window of `source`, or the same window given before for this very page.
    func cut(
        _ source: [Repository], window: RowWindow, viewer: Viewer, upstreamHasNext: Bool,
        make: () -> (items: [Repository], nextPage: Int?)
    ) -> (items: [Repository], nextPage: Int?) {
        let kept = entries.withLock { entries in
            entries.first {
                $0.source.isSameBuffer(as: source) && $0.window == window && $0.viewer == viewer
                    && $0.upstreamHasNext == upstreamHasNext
            }?.cut
        }
        if let kept { return kept }
        let cut = make()
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(Entry(source: source, window: window, viewer: viewer, upstreamHasNext: upstreamHasNext, cut: cut))
        }
        return cut
    }
}
