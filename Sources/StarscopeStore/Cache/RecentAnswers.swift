import Foundation
import GitHubAPI
import Synchronization

/// What one process shares between the requests it serves at once: the answers it used last
/// (so a fresh answer is served without reading the database), and the refreshes under way (so
/// that many requests for one stale answer cost GitHub a single request).
public final class RecentAnswers: Sendable {
    /// What a refresh came back with, and the stale answer it fell back to, if any.
    struct Outcome: Sendable {
        var response: GitHubResponse
        var stale: CacheReport.Stale?
        /// GitHub said the kept answer still holds (304).
        var revalidated = false
    }

    /// An answer held in memory: the stored row, and the response made from it once (headers
    /// parsed, body decoded), so a fresh answer costs neither JSON nor SQL.
    struct Answer: Sendable {
        var entry: CachedResponse
        var response: GitHubResponse
        /// Whether `entry` answers a search (`CachingTransport.isSearch`), kept for its freshness
        /// (the search window): worked out once, not at each of the three or so checks a look-up makes.
        let isSearch: Bool

        init(entry: CachedResponse, response: GitHubResponse) {
            self.entry = entry
            self.response = response
            isSearch = CachingTransport.isSearch(entry.url)
        }
    }

    private struct Memory {
        var entries: [String: Answer] = [:]
        var order: [String] = []
    }

    private let memory = Mutex(Memory())
    private let refreshes = Mutex<[String: Task<Outcome, any Error>]>([:])
    let capacity: Int
    /// Who this process is when it claims a refresh lease on a shared store.
    let holder: String

    public init(capacity: Int = 32) {
        self.capacity = capacity
        holder = LeaseHolder.current + "/" + UUID().uuidString.prefix(8)
    }

    func answer(_ key: String) -> Answer? {
        memory.withLock { $0.entries[key] }
    }

    func remember(_ answer: Answer) {
        let key = answer.entry.key
        memory.withLock { memory in
            if memory.entries.updateValue(answer, forKey: key) == nil { memory.order.append(key) }
            while memory.order.count > capacity {
                memory.entries[memory.order.removeFirst()] = nil
            }
        }
    }

    func forget(_ key: String) {
        memory.withLock { memory in
            memory.entries[key] = nil
            memory.order.removeAll { $0 == key }
        }
    }

    /// Runs `refresh` for `key` unless one is already under way, whose outcome is then shared.
    func refresh(_ key: String, _ work: @escaping @Sendable () async throws(GitHubError) -> Outcome) async throws(GitHubError) -> Outcome {
        let task = refreshes.withLock { running in
            if let existing = running[key] { return existing }
            let task = Task<Outcome, any Error> { try await work() }
            running[key] = task
            return task
        }
        defer { _ = refreshes.withLock { running in running[key] == task ? running.removeValue(forKey: key) : nil } }
        do {
            return try await task.value
        } catch let error as GitHubError {
            throw error
        } catch {
            throw .offline(reason: "the request was cancelled")
        }
    }
}
