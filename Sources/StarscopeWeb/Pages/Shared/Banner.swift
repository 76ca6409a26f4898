import Foundation
import Hummingbird
import StarscopeCore
import StarscopeStore

typealias StaleAnswer = CacheReport.Stale

/// The offline / stale / rate-limit banner's sentence.
enum Banner {
    /// The banner text for a stale answer, naming what is stale and since when: "Offline —
    /// showing results from 10:42: octocat/Hello-World's README and search results." (the time
    /// of the oldest answer shown, with its date when not today). Used-up rate limits
    /// (`limits`, from the same `CacheReport`) are told each for its own resource.
    static func text(_ stale: StaleAnswer?, limits: [CacheReport.RateLimitHit] = [], now: Date = Date()) -> String? {
        guard let stale else { return nil }
        let since = ClockTime.format(stale.fetchedAt, now: now)
        let when = stale.subjects.isEmpty ? since : since + ": " + StaleSubject.list(stale.subjects)
        switch stale.reason {
        case .rateLimited(let resource, let limit, let reset):
            let hits = limits.isEmpty ? [CacheReport.RateLimitHit(resource: resource, limit: limit, reset: reset)] : limits
            return hits.map(sentence).joined(separator: " ") + " Showing results from \(when)."
        case .secondaryRateLimit:
            return "GitHub asked Starscope to slow down — showing results from \(when)."
        case .serverError:
            return "GitHub is having trouble — showing results from \(when)."
        case .badCredentials:
            return "GitHub rejected the token — showing results from \(when). Check it in Settings."
        case .undecodable:
            return "GitHub sent an answer Starscope cannot read — showing results from \(when)."
        case .tooLarge(let limit):
            return "GitHub sent an answer larger than \(limit >> 20) MB — showing results from \(when)."
        default:
            return "Offline — showing results from \(when)."
        }
    }

    /// One used-up limit, per resource and aware of the token in use: the limit GitHub gave is
    /// the token's (60 core requests an hour and 10 searches a minute without one); only then is
    /// a token suggested. "Search limit used up (30 searches a minute) — resets at 10:43."
    static func sentence(_ hit: CacheReport.RateLimitHit) -> String {
        let resets = hit.reset.map { " — resets at \(ClockTime.format($0))" } ?? ""
        switch hit.resource {
        case "search":
            let anonymous = (1...10).contains(hit.limit)
            let size = hit.limit > 0 ? " (\(CountNoun.text(hit.limit, "search", plural: "searches")) a minute)" : ""
            let hint = anonymous ? "; a token in Settings raises it to 30 a minute" : ""
            return "GitHub's search limit is used up\(size)\(resets)\(hint)."
        case "core":
            let anonymous = (1...60).contains(hit.limit)
            let size = hit.limit > 0 ? " (\(CountNoun.text(hit.limit, "request")) an hour)" : ""
            let hint = anonymous ? "; a token in Settings raises it to 5,000 an hour" : ""
            return "GitHub's rate limit is used up\(size)\(resets)\(hint)."
        default:
            return "GitHub's \(hit.resource) limit is used up\(resets)."
        }
    }
}
