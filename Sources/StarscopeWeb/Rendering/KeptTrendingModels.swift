import Foundation
import StarscopeModels
import StarscopeStore
import Synchronization

/// New & popular's models made before, by list and viewer, with what they were made from: the
/// same rows from GitHub's kept answer (one array: `Array.isSameBuffer`), the same favourites,
/// and ages that still say the same words give back the same model, its rows the same array, so
/// the rendered page kept for it is found at once (`TrendingPage.RenderKey`). Bounded by count.
final class KeptTrendingModels: Sendable {
    struct Key: Hashable, Sendable {
        var viewer: Viewer
        var list: TrendingList
    }

    /// What one model was made from.
    struct Inputs: Sendable {
        var items: [Repository]
        var favorites: Set<Int64>
        var next: TrendingList?
        var incomplete: Bool

        /// The same inputs: `items` the very array (held here, so no other can have its buffer).
        func isSame(as other: Inputs) -> Bool {
            items.isSameBuffer(as: other.items) && favorites == other.favorites && next == other.next
                && incomplete == other.incomplete
        }

        /// Inputs that would make the same model: `items` equal, whatever array holds them.
        func makeTheSameModel(as other: Inputs) -> Bool {
            favorites == other.favorites && next == other.next && incomplete == other.incomplete && items == other.items
        }
    }

    private struct Entry {
        var inputs: Inputs
        var page: TrendingPage
        /// What the rows' ages said when the model was made.
        var ages: [Int]
    }

    static let capacity = 64
    private let entries = Mutex<[Key: Entry]>([:])

    /// The model made before from `inputs`, when its rows' ages say at `now` what they said then.
    ///
    /// GitHub's answer refreshed with the same rows (each minute for a search) is a new array of
    /// equal repositories: compared once, the model made before still holds, and these inputs are
    /// kept with it so that the next look-up is one step again. A model made anew would give its
    /// rows a new array, and every page rendered for the old one would then be found by comparing
    /// its rows a field at a time, at each view, until the next change.
    func model(_ key: Key, inputs: Inputs, now: Date) -> TrendingPage? {
        guard var entry = entries.withLock({ $0[key] }) else { return nil }
        if !entry.inputs.isSame(as: inputs) {
            guard entry.inputs.makeTheSameModel(as: inputs) else { return nil }
            entry.inputs = inputs
            entries.withLock { $0[key] = entry }
        }
        return TrendingPage.ages(of: entry.page.rows, at: now) == entry.ages ? entry.page : nil
    }

    func keep(_ page: TrendingPage, key: Key, inputs: Inputs) {
        let entry = Entry(inputs: inputs, page: page, ages: TrendingPage.ages(of: page.rows))
        entries.withLock { entries in
            if entries.count >= Self.capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
