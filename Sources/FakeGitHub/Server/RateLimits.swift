import Foundation

/// GitHub's primary rate limits, counted per token (or for all anonymous requests together).
struct RateLimits: Sendable {
    struct Limits: Sendable {
        var coreAnonymous = 60
        var coreAuthenticated = 5_000
        var searchAnonymous = 10
        var searchAuthenticated = 30
        var graphQLAuthenticated = 5_000
    }

    struct Bucket: Sendable {
        var limit: Int
        var remaining: Int
        var reset: Date
        var used: Int { limit - remaining }
    }

    struct Key: Hashable, Sendable {
        var identity: String?
        var resource: String
    }

    var limits = Limits()
    private var buckets: [Key: Bucket] = [:]

    /// The bucket as it is now, starting a new window when the old one has reset.
    mutating func bucket(identity: String?, resource: String, now: Date) -> Bucket {
        let key = Key(identity: identity, resource: resource)
        if let bucket = buckets[key], bucket.reset > now { return bucket }
        let authenticated = identity != nil
        let limit: Int
        let window: TimeInterval
        switch resource {
        case "search":
            limit = authenticated ? limits.searchAuthenticated : limits.searchAnonymous
            window = 60
        case "graphql":
            limit = authenticated ? limits.graphQLAuthenticated : 0
            window = 3_600
        default:
            limit = authenticated ? limits.coreAuthenticated : limits.coreAnonymous
            window = 3_600
        }
        let bucket = Bucket(
            limit: limit, remaining: limit, reset: Date(timeIntervalSince1970: (now.timeIntervalSince1970 + window).rounded(.up)))
        buckets[key] = bucket
        return bucket
    }

    mutating func spend(identity: String?, resource: String, now: Date) -> Bucket {
        var current = bucket(identity: identity, resource: resource, now: now)
        current.remaining = max(0, current.remaining - 1)
        buckets[Key(identity: identity, resource: resource)] = current
        return current
    }

    mutating func set(identity: String?, resource: String, remaining: Int, now: Date) {
        var current = bucket(identity: identity, resource: resource, now: now)
        current.remaining = max(0, min(current.limit, remaining))
        buckets[Key(identity: identity, resource: resource)] = current
    }
}
