import NIOCore
import Synchronization

/// The gzip of recent bodies, by their tag: a page served again unchanged (the same account,
/// theme, token and answers) and the assets are compressed once. Bounded by bytes; when full it
/// starts again empty, which costs one compression per body still in use.
final class GzipCache: Sendable {
    private let entries = Mutex<(bodies: [EntityTag: ByteBuffer], bytes: Int)>(([:], 0))
    let capacity: Int

    init(capacity: Int = 8 << 20) {
        self.capacity = capacity
    }

    /// The gzip of `body`, whose tag is `tag`; nil when zlib fails.
    func gzip(_ body: ByteBuffer, tag: EntityTag) -> ByteBuffer? {
        if let known = entries.withLock({ $0.bodies[tag] }) { return known }
        guard let compressed = Gzip.compress(body) else { return nil }
        entries.withLock { entries in
            if entries.bytes + compressed.readableBytes > capacity { entries = ([:], 0) }
            if entries.bodies.updateValue(compressed, forKey: tag) == nil { entries.bytes += compressed.readableBytes }
        }
        return compressed
    }
}
