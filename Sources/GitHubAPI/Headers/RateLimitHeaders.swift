import Foundation
import StarscopeModels

extension RateLimit {
    /// The snapshot in a response's `x-ratelimit-*` headers, or nil when they are absent or not
    /// numbers. Figures are read with `Count.parse` (held to `0...Count.maximum`, whatever their
    /// length or sign) and the reset with `Count.epochDate`, so no header can make a figure that
    /// traps later (`x-ratelimit-limit: 9223372036854775807` with `remaining: -1`).
    public init?(headers: [String: String]) {
        guard let limit = headers["x-ratelimit-limit"].flatMap({ Count.parse($0) }),
            let remaining = headers["x-ratelimit-remaining"].flatMap({ Count.parse($0) }),
            let reset = headers["x-ratelimit-reset"].flatMap({ Count.epochDate($0) })
        else { return nil }
        self.init(
            resource: headers["x-ratelimit-resource"] ?? "core",
            limit: limit,
            remaining: remaining,
            used: headers["x-ratelimit-used"].flatMap { Count.parse($0) } ?? max(0, limit - remaining),
            reset: reset
        )
    }
}
