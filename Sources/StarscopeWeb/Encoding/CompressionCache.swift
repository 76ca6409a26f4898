import NIOCore
import Synchronization

/// The compressed forms of recent bodies, by their tag and coding: a page served again unchanged
/// (the same account, theme, token and answers) and the assets are compressed once. Holds at most
/// `capacity` bytes: one that would go over starts it again empty.
final class CompressionCache: Sendable {
    private struct Key: Hashable {
        let tag: EntityTag
        let coding: ContentCoding
    }

    private struct Entries {
        var bodies: [Key: ByteBuffer] = [:]
        var bytes = 0
    }

    private let entries = Mutex(Entries())
    let capacity: Int

    init(capacity: Int = 8 << 20) {
        self.capacity = capacity
    }

    /// `body`, whose tag is `tag`, in `coding`; an asset (`asset`) is compressed as small as the
    /// coding can, a page quickly. Nil when the library fails.
    func compressed(_ body: ByteBuffer, tag: EntityTag, coding: ContentCoding, asset: Bool) -> ByteBuffer? {
        let key = Key(tag: tag, coding: coding)
        if let known = entries.withLock({ $0.bodies[key] }) { return known }
        let compressed =
            switch coding {
            case .brotli: Brotli.compress(body, quality: asset ? .asset : .page)
            case .gzip: Gzip.compress(body)
            }
        guard let compressed else { return nil }
        let size = compressed.readableBytes
        guard size <= capacity else { return compressed }
        entries.withLock { entries in
            if entries.bytes + size > capacity { entries = Entries() }
            if let replaced = entries.bodies.updateValue(compressed, forKey: key) { entries.bytes -= replaced.readableBytes }
            entries.bytes += size
        }
        return compressed
    }
}
