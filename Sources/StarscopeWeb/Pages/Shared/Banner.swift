import Foundation
import Hummingbird
import StarscopeCore
import StarscopeStore

typealias StaleAnswer = CacheReport.Stale

/// The offline / stale / rate-limit banner's sentence.
enum Banner {
    /// The banner text for a stale answer: "Offline — showing results from 10:42".
    static func text(_ stale: StaleAnswer?) -> String? {
        guard let stale else { return nil }
        let when = ClockTime.format(stale.fetchedAt)
        switch stale.reason {
        case .rateLimited(_, let limit, let reset):
            // GitHub does not always say when it resets, nor the limit; without either, a token still helps.
            let hint = limit <= 60 ? "; add a token in Settings for 5,000 requests an hour" : ""
            let resets = reset.map { " — resets at \(ClockTime.format($0))" } ?? ""
            return "Rate limit reached\(resets)\(hint). Showing results from \(when)."
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
}
