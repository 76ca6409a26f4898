import Foundation
import Synchronization

/// READMEs already sanitised, by the answer they came from (the repository, its branch and
/// GitHub's HTML itself), so that every view of a repository whose README has not changed gets
/// the same safe markup without sanitising it again. Bounded by the bytes it holds (inputs and
/// outputs together); when full it starts again empty.
final class SanitizedReadmes: Sendable {
    struct Key: Hashable, Sendable {
        var owner: String
        var name: String
        var branch: String
        var html: String
    }

    private struct Entries {
        var readmes: [Key: HTML] = [:]
        var bytes = 0
        var sanitized = 0
    }

    private let entries = Mutex(Entries())
    /// The bytes kept at most (GitHub's HTML and the sanitised markup together).
    let capacity: Int

    init(capacity: Int = 32 << 20) {
        self.capacity = capacity
    }

    /// How many READMEs were sanitised (not found here), for tests.
    var sanitizedCount: Int { entries.withLock { $0.sanitized } }

    /// The sanitised README for `key`: kept when it was made before, else `sanitize()`'s.
    func readme(_ key: Key, sanitize: () -> HTML) -> HTML {
        if let kept = entries.withLock({ $0.readmes[key] }) { return kept }
        let html = sanitize()
        let size = key.html.utf8.count + html.markup.utf8.count
        entries.withLock { entries in
            entries.sanitized += 1
            guard size <= capacity else { return }
            if entries.bytes + size > capacity { entries = Entries(sanitized: entries.sanitized) }
            if entries.readmes.updateValue(html, forKey: key) == nil { entries.bytes += size }
        }
        return html
    }
}
