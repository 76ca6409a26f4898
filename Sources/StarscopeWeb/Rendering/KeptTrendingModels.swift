import Foundation
import StarscopeModels
import Synchronization

/// New & popular's models made before, by list and account, with what they were made from: the
/// same rows from GitHub's kept answer (one array: `Array.isSameBuffer`), the same favourites,
/// and ages that still say the same words give back the same model, its rows the same array, so
/// the rendered page kept for it is found at once (`TrendingPage.RenderKey`). Bounded by count.
final class KeptTrendingModels: Sendable {
    struct Key: Hashable, Sendable {
        var account: String
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
    func model(_ key: Key, inputs: Inputs, now: Date) -> TrendingPage? {
        guard let entry = entries.withLock({ $0[key] }), entry.inputs.isSame(as: inputs) else { return nil }
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
