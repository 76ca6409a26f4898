import Foundation
import StarscopeModels

extension RateLimit {
    /// The snapshot in a response's `x-ratelimit-*` headers, or nil when they are absent.
    public init?(headers: [String: String]) {
        guard let limit = headers["x-ratelimit-limit"].flatMap({ Int($0) }),
            let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0) }),
            let reset = headers["x-ratelimit-reset"].flatMap({ Int64($0) })
        else { return nil }
        self.init(
            resource: headers["x-ratelimit-resource"] ?? "core",
            limit: limit,
            remaining: remaining,
            used: headers["x-ratelimit-used"].flatMap { Int($0) } ?? max(0, limit - remaining),
            reset: Date(timeIntervalSince1970: TimeInterval(reset))
        )
    }
}
