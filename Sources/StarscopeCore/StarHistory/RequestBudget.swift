import Foundation
import StarscopeModels

/// The requests promised but not yet answered, of one token's rate limit: several first
/// histories asked at once (a comparison of ten new repositories) each see about the same
/// `remaining` with their first page, so each promises its first page before asking it and
/// claims its other pages here before asking them; together they never spend the reserve.
actor RequestBudget {
    private var promised = 0
    /// The rate limit GitHub reported with the newest first page.
    private var seen: RateLimit?

    /// Promises `requests` that will be asked whatever the budget (a history's first page).
    func promise(_ requests: Int) {
        promised += requests
    }

    /// Claims `requests` when, after the requests promised by others, they leave at least
    /// `reserve` of what GitHub last reported (`limit`, which counts the `answered` requests of
    /// this caller's promise, given back here); claims nothing otherwise. No requests are
    /// always granted: the caller only reports what it saw.
    func claim(_ requests: Int, seen limit: RateLimit, keeping reserve: Int, answered: Int) -> Bool {
        release(answered)
        seen = limit
        guard requests > 0 else { return true }
        guard limit.remaining - promised - requests >= reserve else { return false }
        promised += requests
        return true
    }

    /// Gives back promised requests once they are answered (GitHub's `remaining` counts them now).
    func release(_ requests: Int) {
        promised = max(0, promised - requests)
    }

    /// Whether what is left before the limit resets, promises counted, is within `reserve`: what
    /// anyone may ask for (an embed) should wait, and what is kept stand in.
    func isLow(at now: Date, reserve: (RateLimit) -> Int) -> Bool {
        guard let seen, now < seen.reset else { return false }
        return seen.remaining - promised <= reserve(seen)
    }
}
