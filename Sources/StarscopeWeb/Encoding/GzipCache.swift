import NIOCore
import Synchronization

/// The gzip of recent bodies, by their tag: a page served again unchanged (the same account,
/// theme, token and answers) and the assets are compressed once. Holds those used in the last two
/// periods (`Generations`), bounded by bytes.
final class GzipCache: Sendable {
    private let entries: Mutex<Generations<EntityTag, ByteBuffer>>

    /// Keeps at most twice `capacity` bytes: `capacity` used this period, as much the period before.
    init(capacity: Int = 4 << 20, period: Duration = .seconds(300)) {
        entries = Mutex(Generations(capacity: capacity, period: period))
    }

    /// The gzip of `body`, whose tag is `tag`; nil when zlib fails.
    func gzip(_ body: ByteBuffer, tag: EntityTag) -> ByteBuffer? {
        if let known = entries.withLock({ $0.value(tag) }) { return known }
        guard let compressed = Gzip.compress(body) else { return nil }
        entries.withLock { $0.insert(compressed, for: tag, cost: compressed.readableBytes) }
        return compressed
    }
}
