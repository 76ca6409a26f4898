import Foundation
import HTTPTypes
import NIOCore
import StarscopeModels
import Synchronization

/// Pages already rendered, by everything they were rendered from (`Key`: the page's model and its
/// `PageContext`), so that a page asked for again from the same answer is copied, not written
/// again. The browser's CSRF token is the one part that differs between browsers: it is left out
/// of the key and put back into the copy. Holds the pages used in the last two periods
/// (`Generations`), bounded by count.
final class RenderedPages<Key: Hashable & Sendable>: Sendable {
    /// A rendered page cut at each occurrence of the token it was rendered with.
    struct Template: Sendable {
        let parts: [String]
        let status: HTTPResponse.Status
        /// The parts' bytes, hashed once: with a copy's token, the digest of the copy's bytes.
        let digest: Int
        /// Where the first `RenderedPages.marker` in the page ends: the part it is in, and the
        /// UTF-8 offset in that part just after it.
        let markerEnd: (part: Int, offset: Int)?

        /// The token is 64 random hex digits (`CSRFMiddleware.newToken`): it occurs in the page
        /// only where the page carries it (never inside a marker, which has no hex run that long).
        init(_ html: HTML, token: String, marker: String? = nil) {
            let parts = html.markup.utf8Components(separatedBy: token)
            self.parts = parts
            status = html.status
            var hasher = Hasher()
            hasher.combine(parts.count)
            for part in parts { Self.combine(part, into: &hasher) }
            digest = hasher.finalize()
            markerEnd = marker.flatMap { Self.end(of: $0, in: parts) }
        }

        /// Where the first `marker` in `parts` ends: its part and the UTF-8 offset after it.
        private static func end(of marker: String, in parts: [String]) -> (part: Int, offset: Int)? {
            for (index, part) in parts.enumerated() {
                if let found = part.firstUTF8Range(of: marker) {
                    return (index, part.utf8.distance(from: part.startIndex, to: found.upperBound))
                }
            }
            return nil
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

    /// A kept page for one browser: written out only when it is used.
    struct Copy: Sendable {
        let template: Template
        let token: String

        /// The page without its token: the same array for every copy of one rendering, so a key
        /// holding it compares in one step.
        var parts: [String] { template.parts }
        /// A digest of the parts' bytes: two renderings that differ almost surely differ here.
        var partsDigest: Int { template.digest }
        var status: HTTPResponse.Status { template.status }

        var html: HTML { template.html(token: token) }

        /// The page's bytes in one buffer, written from the parts: not joined into a string first
        /// and then copied into a buffer (the two would be a large part of a kept page's answer).
        func buffer() -> ByteBuffer {
            let parts = template.parts
            let tokenBytes = token.utf8.count
            var buffer = ByteBuffer()
            buffer.reserveCapacity(parts.reduce(-tokenBytes) { $0 + $1.utf8.count + tokenBytes })
            for index in parts.indices {
                if index > 0 { buffer.writeString(token) }
                buffer.writeString(parts[index])
            }
            return buffer
        }

        /// The page's bytes in two buffers, cut just after its marker (nil without one), written
        /// from the parts once: not into a string first and then into buffers.
        func buffers() -> (head: ByteBuffer, tail: ByteBuffer)? {
            guard let (cut, offset) = template.markerEnd else { return nil }
            let parts = template.parts
            var head = ByteBuffer()
            var tail = ByteBuffer()
            let tokenBytes = token.utf8.count
            head.reserveCapacity(parts[..<cut].reduce(offset) { $0 + $1.utf8.count + tokenBytes })
            tail.reserveCapacity(parts[cut...].reduce(-offset) { $0 + $1.utf8.count + tokenBytes })
            for index in parts.indices {
                if index > 0 {
                    if index <= cut { head.writeString(token) } else { tail.writeString(token) }
                }
                let part = parts[index]
                if index < cut {
                    head.writeString(part)
                } else if index > cut {
                    tail.writeString(part)
                } else {
                    let middle = part.utf8.index(part.utf8.startIndex, offsetBy: offset)
                    head.writeSubstring(part[..<middle])
                    tail.writeSubstring(part[middle...])
                }
            }
            return (head, tail)
        }
    }

    private let entries: Mutex<Generations<Key, Template>>
    private let renders = Atomic(0)
    /// Where the pages are cut in two (`Copy.buffers`), when they are.
    let marker: String?

    /// How many pages were rendered (not copied), for tests.
    var renderedCount: Int { renders.load(ordering: .relaxed) }

    /// Keeps at most twice `capacity` pages: `capacity` used this period, as many the period before.
    init(capacity: Int = 32, period: Duration = .seconds(300), marker: String? = nil) {
        entries = Mutex(Generations(capacity: capacity, period: period))
        self.marker = marker
    }

    /// The page for `key`, with `token` as its CSRF token: a copy when it was rendered before,
    /// else `render()`'s, kept for next time.
    func page(_ key: Key, token: String, render: () -> HTML) -> HTML {
        copy(key, token: token, render: render)?.html ?? render()
    }

    /// The kept page for `key` with `token` in its places, rendered now (and kept) when it was not
    /// before; nil, with nothing rendered, when the token is too short to cut a page at.
    func copy(_ key: Key, token: String, render: () -> HTML) -> Copy? {
        guard token.utf8.count >= 32 else { return nil }
        if let template = entries.withLock({ $0.value(key) }) { return Copy(template: template, token: token) }
        let template = Template(render(), token: token, marker: marker)
        renders.add(1, ordering: .relaxed)
        entries.withLock { $0.insert(template, for: key) }
        return Copy(template: template, token: token)
    }
}
