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
        /// The parts' bytes, hashed once: with a copy's token, the digest of the copy's bytes.
        let digest: Int

        /// The token is 64 random hex digits (`CSRFMiddleware.newToken`): it occurs in the page
        /// only where the page carries it.
        init(_ html: HTML, token: String) {
            parts = html.markup.utf8Components(separatedBy: token)
            status = html.status
            var hasher = Hasher()
            hasher.combine(parts.count)
            for part in parts { Self.combine(part, into: &hasher) }
            digest = hasher.finalize()
        }

        /// The page with `token` in its places, and the digest of exactly its bytes (the parts'
        /// and the token's, which together are the page): `EncodingMiddleware` makes its `ETag`
        /// from that instead of hashing the page again for every browser.
        func html(token: String) -> HTML {
            var html = HTML(raw: parts.joined(separator: token)).with(status: status)
            html.digest = digest(token: token)
            return html
        }

        /// The digest of the page with `token` in its places.
        func digest(token: String) -> Int {
            var hasher = Hasher()
            hasher.combine(digest)
            Self.combine(token, into: &hasher)
            return hasher.finalize()
        }

        /// A text's UTF-8 bytes and their count: bytes, not `String`'s hash, which is the same
        /// for texts that differ only in Unicode normalisation (and so would be two bodies).
        private static func combine(_ text: String, into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
        }
    }

    private let entries = Mutex<[Key: Template]>([:])
    private let renders = Atomic(0)
    let capacity: Int

    /// How many pages were rendered (not copied), for tests.
    var renderedCount: Int { renders.load(ordering: .relaxed) }

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The page for `key`, with `token` as its CSRF token: a copy when it was rendered before,
    /// else `render()`'s, kept for next time.
    func page(_ key: Key, token: String, render: () -> HTML) -> HTML {
        kept(key, token: token, render: render).html
    }

    /// `page(_:token:render:)`, with the kept page's parts (the page without its token, nil
    /// when it was not kept): the same array for every copy of one rendering, so a key holding
    /// it compares in one step.
    func kept(_ key: Key, token: String, render: () -> HTML) -> (html: HTML, parts: [String]?) {
        guard token.utf8.count >= 32 else { return (render(), nil) }
        if let template = entries.withLock({ $0[key] }) { return (template.html(token: token), template.parts) }
        var html = render()
        renders.add(1, ordering: .relaxed)
        let template = Template(html, token: token)
        // The same tag as every copy of it will have, so a browser's first copy revalidates.
        html.digest = template.digest(token: token)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = template
        }
        return (html, template.parts)
    }
}
