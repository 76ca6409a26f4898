import Foundation
import StarscopeModels

/// GitHub's answers kept for reuse (the answer cache under `CachingTransport`), and the leases
/// that let several servers share one refresh.
public protocol AnswersStore: Sendable {
    func cachedResponse(key: String) async throws(StoreError) -> CachedResponse?
    /// Stores `entry` and evicts the least recently used answers beyond `maximumBytes`.
    func save(_ entry: CachedResponse, maximumBytes: Int) async throws(StoreError)
    /// Marks a stored answer as used now, for eviction (one small update, the body untouched).
    func markUsed(key: String, now: Date) async throws(StoreError)
    /// Marks a stored answer as revalidated now with GitHub's new headers (ETag, rate limit…).
    func touch(key: String, now: Date, revalidatedWith headers: [String: String]?, maxAge: Double?) async throws(StoreError)
    /// How many bytes the response cache holds.
    func cacheSize() async throws(StoreError) -> Int

    /// Takes the lease `name` for `holder` until `until`, when no other holder has it now (or
    /// renews it for the same holder); false when someone else holds it. A holder that dies
    /// leaves it to expire.
    func claimLease(_ name: String, holder: String, until: Date, now: Date) async throws(StoreError) -> Bool
    /// Gives the lease back early (only `holder`'s).
    func releaseLease(_ name: String, holder: String) async throws(StoreError)
}
