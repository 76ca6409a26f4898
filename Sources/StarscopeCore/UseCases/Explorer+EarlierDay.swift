import Foundation
import GitHubAPI
import StarscopeStore

extension Explorer {
    /// "Today" asks anew each hour (`Timeframe.cutoffDate`), so the answer kept an hour ago is
    /// kept under another query. When GitHub cannot answer the day's list and nothing is kept for
    /// this hour's query, the answer kept for the newest of the 23 hours before stands in, from
    /// the store only (reported as stale, as any kept answer is): the day's list stays at hand
    /// offline through the day. Nil for other timeframes, or when nothing is kept.
    func earlierDay<T>(_ query: TrendingQuery, _ ask: (String) async throws(StarscopeError) -> T) async -> T? {
        guard query.timeframe == .day else { return nil }
        let time = now()
        for hours in 1...23 {
            guard let earlier = try? query.searchQuery(now: time.addingTimeInterval(-Double(hours) * 3_600)) else { return nil }
            if let kept = try? await CachingTransport.$storedOnly.withValue(true, operation: { try await ask(earlier) }) { return kept }
        }
        return nil
    }

    /// `earlierDay` for a request that throws GitHub's errors.
    func earlierDay<T>(_ query: TrendingQuery, _ ask: (String) async throws(GitHubError) -> T) async -> T? {
        await earlierDay(query) { (q: String) async throws(StarscopeError) -> T in
            do throws(GitHubError) {
                return try await ask(q)
            } catch {
                throw StarscopeError(error, about: .search)
            }
        }
    }
}
