import Foundation
import HTTPTypes
import Synchronization

/// Pages already rendered, by everything they were rendered from (`Key`: the page's model and its
/// `PageContext`), so that a page asked for again from the same answer is copied, not written
/// again. The browser's CSRF token is the one part that differs between browsers: it is left out
/// of the key and put back into the copy. Bounded by count; when full it starts again empty.
final class RenderedPages<Key: Hashable & Sendable>: Sendable {
    /// A rendered page cut at each occurrence of the token it was rendered with.
    struct Template: Sendable {
        let parts: [String]
        let status: HTTPResponse.Status

        /// The token is 64 random hex digits (`CSRFMiddleware.newToken`): it occurs in the page
        /// only where the page carries it.
        init(_ html: HTML, token: String) {
            parts = html.markup.components(separatedBy: token)
            status = html.status
        }

        func html(token: String) -> HTML {
            HTML(raw: parts.joined(separator: token)).with(status: status)
        }
    }

    private let entries = Mutex<[Key: Template]>([:])
    let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The page for `key`, with `token` as its CSRF token: a copy when it was rendered before,
    /// else `render()`'s, kept for next time.
    func page(_ key: Key, token: String, render: () -> HTML) -> HTML {
        guard token.utf8.count >= 32 else { return render() }
        if let template = entries.withLock({ $0[key] }) { return template.html(token: token) }
        let html = render()
        let template = Template(html, token: token)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = template
        }
        return html
    }
}
