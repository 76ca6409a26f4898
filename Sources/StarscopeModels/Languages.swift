/// A repository's languages (`GET /repos/{owner}/{repo}/languages`): bytes of code per
/// language, largest first (GitHub sends a JSON object; its order is not kept by decoding, so it
/// is sorted here, ties by name).
public struct Languages: Codable, Hashable, Sendable {
    public struct Share: Hashable, Sendable {
        public var name: String
        public var bytes: Int

        public init(name: String, bytes: Int) {
            self.name = name
            self.bytes = bytes
        }
    }

    public var shares: [Share]

    public init(_ shares: [Share]) {
        self.shares = shares.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.name < $1.name }
    }

    /// All bytes together.
    public var totalBytes: Int { shares.reduce(0) { $0 &+ Count.clamped($1.bytes) } }

    /// Each language's part of the whole, from 0 to 1 (0 when there is no code).
    public func fraction(of share: Share) -> Double {
        let total = totalBytes
        return total > 0 ? Double(share.bytes) / Double(total) : 0
    }

    public init(from decoder: any Decoder) throws {
        // Sizes are held to `0...Count.maximum`, so their sum cannot overflow.
        let container = try decoder.singleValueContainer()
        if let bytes = try? container.decode([String: Int].self) {
            self.init(bytes.map { Share(name: $0.key, bytes: Count.clamped($0.value)) })
        } else {
            let bytes = try container.decode([String: Double].self)
            self.init(bytes.map { Share(name: $0.key, bytes: Count.clamped($0.value)) })
        }
    }

    /// Encodes GitHub's object (`{"Swift": 1234}`); JSON objects carry no order.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(Dictionary(shares.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first }))
    }
}
