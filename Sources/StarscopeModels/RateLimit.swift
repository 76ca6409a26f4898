import Foundation

/// One rate-limit bucket (`core`, `search`, …) as GitHub reports it in headers or `GET /rate_limit`.
public struct RateLimit: Codable, Hashable, Sendable {
    public var resource: String
    public var limit: Int
    public var remaining: Int
    public var used: Int
    public var reset: Date

    public init(resource: String, limit: Int, remaining: Int, used: Int, reset: Date) {
        self.resource = resource
        self.limit = limit
        self.remaining = remaining
        self.used = used
        self.reset = reset
    }
}

/// The body of `GET /rate_limit`: every bucket by name.
public struct RateLimitOverview: Codable, Hashable, Sendable {
    public var resources: [String: RateLimit]

    public init(resources: [String: RateLimit]) {
        self.resources = resources
    }

    struct Bucket: Codable {
        var limit: Int
        var remaining: Int
        var used: Int?
        var reset: Int64
    }

    enum CodingKeys: String, CodingKey { case resources }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let buckets = try c.decode([String: Bucket].self, forKey: .resources)
        resources = buckets.reduce(into: [:]) { result, entry in
            let bucket = entry.value
            result[entry.key] = RateLimit(
                resource: entry.key,
                limit: bucket.limit,
                remaining: bucket.remaining,
                used: bucket.used ?? (bucket.limit - bucket.remaining),
                reset: Date(timeIntervalSince1970: TimeInterval(bucket.reset))
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let buckets = resources.mapValues {
            Bucket(limit: $0.limit, remaining: $0.remaining, used: $0.used, reset: Int64($0.reset.timeIntervalSince1970))
        }
        try c.encode(buckets, forKey: .resources)
    }
}
