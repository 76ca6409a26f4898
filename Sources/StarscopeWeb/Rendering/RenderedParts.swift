import Synchronization

/// Parts of pages already rendered, by everything they were rendered from (`Key`, whose equal
/// values are the same markup), so that a part shown again from the same answers is not written
/// again. Holds the parts used in the last two periods (`Generations`), bounded by the bytes it
/// holds (each part's markup and what its key says it holds).
final class RenderedParts<Key: Hashable & Sendable>: Sendable {
    private struct Entries {
        var parts: Generations<Key, HTML>
        var rendered = 0
    }

    private let entries: Mutex<Entries>

    /// Keeps at most twice `capacity` bytes: `capacity` used this period, as much the period before.
    init(capacity: Int = 8 << 20, period: Duration = .seconds(300)) {
        entries = Mutex(Entries(parts: Generations(capacity: capacity, period: period)))
    }

    /// How many parts were rendered (not found here), for tests.
    var renderedCount: Int { entries.withLock { $0.rendered } }

    /// The part for `key`: kept when it was rendered before, else `render()`'s, kept for next
    /// time unless it alone is over the bound. `keyBytes` is what the key holds beyond the
    /// markup (a README's text, say).
    func part(_ key: Key, keyBytes: Int = 0, render: () -> HTML) -> HTML {
        if let kept = entries.withLock({ $0.parts.value(key) }) { return kept }
        let html = render()
        let size = keyBytes + html.markup.utf8.count
        entries.withLock { entries in
            entries.rendered += 1
            entries.parts.insert(html, for: key, cost: size)
        }
        return html
    }
}
