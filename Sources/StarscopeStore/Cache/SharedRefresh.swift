import Foundation
import GitHubAPI

/// This process, as a lease holder: host, process id and a random part, so that a restarted
/// process is a new holder.
public enum LeaseHolder {
    public static let current: String = {
        let host = ProcessInfo.processInfo.hostName
        return "\(host)/\(getpid())/\(UUID().uuidString.prefix(8))"
    }()
}

extension CachingTransport {
    /// How long a refresh may hold its lease before another instance may take over.
    static let refreshLease: TimeInterval = 15
    /// How stale a stored answer may be and still stand in while another instance refreshes it.
    static let staleGrace: TimeInterval = 60

    /// Refreshes `key` once across every instance on a shared store: the instance that claims the
    /// lease asks GitHub. The others answer with the stored answer while it is recent (stale by
    /// less than `staleGrace`: the refresh under way replaces it in a moment), or else wait for
    /// the new answer to land in the store (a request that asks GitHub always waits), and ask GitHub themselves only if the lease comes free
    /// with nothing new stored, or its holder died.
    func refreshOnce(_ request: GitHubRequest, key: String, stored: CachedResponse?, at time: Date) async throws(GitHubError)
        -> RecentAnswers.Outcome
    {
        guard database.isShared else { return try await refresh(request, key: key, stored: stored, at: time) }
        let lease = "refresh " + key
        let holder = recent.holder
        let deadline = ContinuousClock.now + .seconds(Self.refreshLease)
        while true {
            // A store that cannot be reached cannot share: ask GitHub rather than fail.
            let claimed =
                (try? await database.claimLease(lease, holder: holder, until: now() + Self.refreshLease, now: now())) ?? true
            if claimed || ContinuousClock.now >= deadline {
                // Another instance may have stored a new answer between this one reading the
                // store and claiming the lease: then that answer is this one's too.
                if claimed, let newer = await newerAnswer(key: key, than: stored, request: request) {
                    try? await database.releaseLease(lease, holder: holder)
                    return newer
                }
                do {
                    let outcome = try await refresh(request, key: key, stored: stored, at: time)
                    try? await database.releaseLease(lease, holder: holder)
                    return outcome
                } catch {
                    try? await database.releaseLease(lease, holder: holder)
                    throw error
                }
            }
            if let stored, request.cacheUse != .askGitHub, time.timeIntervalSince(stored.fetchedAt) < stored.maxAge + Self.staleGrace,
                stored.status < 300
            {
                var response = Self.response(from: stored, checkedBy: request.expects)
                response.isStored = true
                return .init(response: response, stale: nil)
            }
            try? await Task.sleep(for: .milliseconds(40))
            if let newer = await newerAnswer(key: key, than: stored, request: request) { return newer }
        }
    }

    /// The stored answer for `key` when it is newer than `stored`: another instance just asked
    /// GitHub, and its answer is this one's.
    private func newerAnswer(key: String, than stored: CachedResponse?, request: GitHubRequest) async -> RecentAnswers.Outcome? {
        guard let entry = try? await database.cachedResponse(key: key), entry.fetchedAt > (stored?.fetchedAt ?? .distantPast) else {
            return nil
        }
        let answer = RecentAnswers.Answer(entry: entry, response: Self.response(from: entry, checkedBy: request.expects))
        recent.remember(answer)
        // From the store: the instance that asked GitHub has recorded what it said.
        var response = answer.response
        response.isStored = true
        return .init(response: response, stale: nil)
    }
}
