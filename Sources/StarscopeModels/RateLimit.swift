import Foundation

/// One rate-limit bucket (`core`, `search`, …) as GitHub reports it in headers or `GET /rate_limit`.
public struct RateLimit: Codable, Hashable, Sendable {
    public var resource: String
    public var limit: Int
    public var remaining: Int
    public var used: Int
    public var reset: Date

    /// Every figure is held to `0...Count.maximum` and the reset between 1970 and the year 9999,
    /// whatever GitHub (or something posing as it) sent, so budgets computed from them cannot trap.
    public init(resource: String, limit: Int, remaining: Int, used: Int, reset: Date) {
        self.resource = resource
        self.limit = Count.clamped(limit)
        self.remaining = Count.clamped(remaining)
        self.used = Count.clamped(used)
        self.reset = Count.epochDate(reset)
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
                used: bucket.used ?? max(0, Count.clamped(bucket.limit) - Count.clamped(bucket.remaining)),
                reset: Count.epochDate(seconds: bucket.reset)
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
