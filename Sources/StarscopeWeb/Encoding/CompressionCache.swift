import NIOCore
import Synchronization

/// The compressed forms of recent bodies, by their tag and coding: a page served again unchanged
/// (the same account, theme, token and answers) and the assets are compressed once. Holds those
/// used in the last two periods (`Generations`), bounded by bytes.
final class CompressionCache: Sendable {
    private struct Key: Hashable {
        let tag: EntityTag
        let coding: ContentCoding
    }

    private let entries: Mutex<Generations<Key, ByteBuffer>>

    /// Keeps at most twice `capacity` bytes: `capacity` used this period, as much the period before.
    init(capacity: Int = 4 << 20, period: Duration = .seconds(300)) {
        entries = Mutex(Generations(capacity: capacity, period: period))
    }

    /// `body`, whose tag is `tag`, in `coding`; an asset (`asset`) is compressed as small as the
    /// coding can, a page quickly. Nil when the library fails.
    func compressed(_ body: ByteBuffer, tag: EntityTag, coding: ContentCoding, asset: Bool) -> ByteBuffer? {
        let key = Key(tag: tag, coding: coding)
        if let known = entries.withLock({ $0.value(key) }) { return known }
        let compressed =
            switch coding {
            case .brotli: Brotli.compress(body, quality: asset ? .asset : .page)
            case .gzip: Gzip.compress(body)
            }
        guard let compressed else { return nil }
        entries.withLock { $0.insert(compressed, for: key, cost: compressed.readableBytes) }
        return compressed
    }
}
