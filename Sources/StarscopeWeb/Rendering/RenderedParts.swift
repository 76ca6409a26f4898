import Synchronization

/// Parts of pages already rendered, by everything they were rendered from (`Key`, whose equal
/// values are the same markup), so that a part shown again from the same answers is not written
/// again. Bounded by the bytes it holds (each part's markup and what its key says it holds);
/// when full it starts again empty.
final class RenderedParts<Key: Hashable & Sendable>: Sendable {
    private struct Entries {
        var parts: [Key: HTML] = [:]
        var bytes = 0
        var rendered = 0
    }

    private let entries = Mutex(Entries())
    /// The bytes kept at most.
    let capacity: Int

    init(capacity: Int = 16 << 20) {
        self.capacity = capacity
    }

    /// How many parts were rendered (not found here), for tests.
    var renderedCount: Int { entries.withLock { $0.rendered } }

    /// The part for `key`: kept when it was rendered before, else `render()`'s, kept for next
    /// time unless it alone is over the bound. `keyBytes` is what the key holds beyond the
    /// markup (a README's text, say).
    func part(_ key: Key, keyBytes: Int = 0, render: () -> HTML) -> HTML {
        if let kept = entries.withLock({ $0.parts[key] }) { return kept }
        let html = render()
        let size = keyBytes + html.markup.utf8.count
        entries.withLock { entries in
            entries.rendered += 1
            guard size <= capacity else { return }
            if entries.bytes + size > capacity { entries = Entries(rendered: entries.rendered) }
            if entries.parts.updateValue(html, forKey: key) == nil { entries.bytes += size }
        }
        return html
    }
}
