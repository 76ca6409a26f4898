import Foundation
import StarscopeModels
import StarscopeStore
import Synchronization

/// Small answers every page asks for (the favourites' ids, the unread count, a detail's star
/// records), kept for a second so that a page served again and again does not hand reads to the
/// database's queue each time. Any write through this process's `AppDatabase` forgets them at
/// once; a write by another process on the same file (a terminal command beside `serve`) shows
/// within `lifetime`.
///
/// Only the SQLite store keeps them: on a shared PostgreSQL another instance may write at any
/// moment, and every page must see it.
final class RecentReads: Sendable {
    private struct State {
        var generation = 0
        var values: [String: (until: ContinuousClock.Instant, value: any Sendable)] = [:]
    }

    static let lifetime: Duration = .seconds(1)
    /// Past this many keys (a repository's star records are kept by its id), the ones out of
    /// date are dropped before another is kept.
    static let capacity = 256
    private let state = Mutex(State())

    /// The value kept for `key`, or `load`'s, kept unless a write came in while it was read.
    func value<T: Sendable>(_ key: String, load: () async throws(StoreError) -> T) async throws(StoreError) -> T {
        let now = ContinuousClock.now
        let (kept, generation) = state.withLock { state in (state.values[key].flatMap { $0.until > now ? $0.value : nil }, state.generation)
        }
        if let kept = kept as? T { return kept }
        let value = try await load()
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.values.count >= Self.capacity {
                state.values = state.values.filter { $0.value.until > now }
                if state.values.count >= Self.capacity { state.values.removeAll(keepingCapacity: true) }
            }
            state.values[key] = (now + Self.lifetime, value)
        }
        return value
    }

    /// How many writes there have been.
    var generation: Int { state.withLock { $0.generation } }

    /// How many answers are kept (in or out of date).
    var keptCount: Int { state.withLock { $0.values.count } }

    /// Called after every write: what was kept may be out of date.
    func forget() {
        state.withLock { state in
            state.generation += 1
            state.values.removeAll(keepingCapacity: true)
        }
    }
}
