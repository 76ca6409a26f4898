import Foundation
import GitHubAPI
import StarscopeModels

/// How the response cache behaves.
public struct CachePolicy: Sendable {
    /// How long a search answer is reused: GitHub sends search with `no-cache` and no ETag, so
    /// Starscope keeps its own freshness window.
    public var searchFreshness: Double = 60
    /// How long a repository's page sections are reused at least, whatever `max-age` said.
    public var sectionFreshness: Double = 60
    /// The most the response cache may hold; least recently used answers go first.
    public var maximumBytes = 64 * 1024 * 1024
    /// Answer from the store only, opening no connection.
    public var offline = false

    public init(searchFreshness: Double = 60, maximumBytes: Int = 64 * 1024 * 1024, offline: Bool = false) {
        self.searchFreshness = searchFreshness
        self.maximumBytes = maximumBytes
        self.offline = offline
    }
}

/// A transport that keeps every GET answer in the database and reuses it:
///
/// - fresh (within `max-age`, or the search window): answered from the store, no request;
/// - stale: revalidated with `If-None-Match` / `If-Modified-Since`; a 304 reuses the stored body;
/// - GitHub unreachable, failing (5xx) or rate limited: the stored answer, reported as stale;
/// - a 200 whose body fails the request's `BodyCheck`: never stored; the stored answer, as stale
///   (a 204 has no body to check, and is kept as it is);
/// - offline: the store only.
///
/// A request's `cacheUse` narrows this: `.askGitHub` takes GitHub's answer now or its failure,
/// never a kept one; `.keptOnly` takes the store only, as offline; `.inMemoryOnly` a fresh answer
/// held in memory only.
///
/// Many requests at once for one stale answer share a single refresh, and the answers used
/// last are held in memory (`RecentAnswers`). On a shared store (several servers on one
/// PostgreSQL) a refresh is also claimed with a lease, so it happens once across all of them.
///
/// Entries are kept apart per token and account (`CachePartition`, never the token itself).
/// Each answer's `CacheOutcome` goes to `observe` (the server's metrics).
public struct CachingTransport: GitHubTransport {
    let upstream: any GitHubTransport
    let database: any Store
    let baseURL: URL
    let partition: CachePartition
    let policy: CachePolicy
    let now: @Sendable () -> Date
    /// Shared by every transport of one process over the same database.
    let recent: RecentAnswers
    let observe: @Sendable (CacheOutcome) -> Void

    public init(
        upstream: any GitHubTransport,
        database: any Store,
        configuration: GitHubConfiguration,
        policy: CachePolicy = CachePolicy(),
        recent: RecentAnswers = RecentAnswers(),
        holder: Viewer,
        partitionKey: Data,
        now: @escaping @Sendable () -> Date = { Date() },
        observe: @escaping @Sendable (CacheOutcome) -> Void = { _ in }
    ) {
        self.recent = recent
        self.observe = observe
        self.upstream = upstream
        self.database = database
        self.baseURL = configuration.baseURL
        self.partition = CachePartition(holder: holder, token: configuration.token, key: partitionKey)
        self.policy = policy
        self.now = now
    }

    public func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
        guard request.method == .get, request.ifNoneMatch == nil, request.ifModifiedSince == nil else {
            guard !policy.offline, request.cacheUse != .keptOnly, request.cacheUse != .inMemoryOnly else {
                throw .offline(reason: "Starscope is working offline")
            }
            return try await upstream.send(request)
        }
        let partition = partition.name
        // Another media type is another answer at the same URL.
        let key = partition + " " + request.address(relativeTo: baseURL) + (request.accept.map { " " + $0 } ?? "")
        let time = now()
        var remembered = recent.answer(key)
        var fresh = remembered.map { isFresh($0, at: time) } ?? false
        var stored = remembered?.entry
        if !fresh {
            guard request.cacheUse != .inMemoryOnly else { throw .offline(reason: "no fresh answer is kept in memory") }
            // Only an answer to a request whose URL was checked is kept: check this one before
            // anything is read for it or asked.
            _ = try request.url(relativeTo: baseURL)
            stored = try? await database.cachedResponse(key: key)
            remembered = nil
            fresh = stored.map { isFresh($0, at: time) } ?? false
        }

        if policy.offline || request.cacheUse == .keptOnly {
            guard request.cacheUse != .askGitHub else { throw .offline(reason: "Starscope is working offline") }
            guard let stored else { throw .offline(reason: "Starscope is working offline and has nothing saved for this") }
            CacheReport.current?.recordStale(
                fetchedAt: stored.fetchedAt, reason: .offline(reason: "working offline"), subject: StaleSubject.of(request))
            observe(.kept)
            return stored.storedResponse
        }
        if let stored, fresh, request.cacheUse != .askGitHub {
            var answer = remembered ?? .init(entry: stored, response: Self.response(from: stored, checkedBy: request.expects))
            // Remembered again only when it changed: the same answer read again is left where it is.
            var changed = remembered == nil
            if answer.response.decoded == nil, let check = request.expects {
                // Remembered by a request that decodes nothing: this one decodes it for the next.
                answer.response.decoded = check.decode(answer.response.body)
                changed = true
            }
            // Recency for eviction needs minutes, not every read: skip the write when recent.
            if time.timeIntervalSince(stored.lastUsedAt) > 60 {
                try? await database.markUsed(key: key, now: time)
                answer.entry.lastUsedAt = time
                changed = true
            }
            if changed { recent.remember(answer) }
            var response = answer.response
            response.isStored = true
            observe(.fresh)
            return response
        }
        let outcome = try await recent.refresh(key) { [self, stored] () async throws(GitHubError) in
            try await refreshOnce(request, key: key, stored: stored, at: time)
        }
        if let stale = outcome.stale {
            // A kept answer stood in for GitHub's, which this request will not take.
            if request.cacheUse == .askGitHub { throw stale.reason }
            CacheReport.current?.recordStale(fetchedAt: stale.fetchedAt, reason: stale.reason, subject: StaleSubject.of(request))
        }
        observe(outcome.stale != nil ? .stale : outcome.revalidated ? .revalidated : .asked)
        return outcome.response
    }

    /// Asks GitHub (conditionally when something is stored) and keeps what it says.
    func refresh(_ request: GitHubRequest, key: String, stored: CachedResponse?, at time: Date) async throws(GitHubError)
        -> RecentAnswers.Outcome
    {
        var conditional = request
        conditional.ifNoneMatch = stored?.etag
        conditional.ifModifiedSince = stored?.etag == nil ? stored?.lastModified : nil
        var response: GitHubResponse
        do {
            response = try await upstream.send(conditional)
        } catch {
            guard error.isTransient, let stored else { throw error }
            return .init(response: stored.storedResponse, stale: .init(fetchedAt: stored.fetchedAt, reason: error))
        }
        if response.isNotModified, let stored {
            try? await database.touch(key: key, now: time, revalidatedWith: response.headers, maxAge: maxAge(of: response))
            recent.forget(key)
            var reused = stored.response
            for (name, value) in response.headers where name.hasPrefix("x-ratelimit-") { reused.headers[name] = value }
            return .init(response: reused, stale: nil, revalidated: true)
        }
        // `204 No Content` has no body to check (a list GitHub answers empty that way).
        if response.isSuccess, response.status != 204, let check = request.expects {
            response.decoded = check.decode(response.body)
            if response.decoded == nil {
                // A 200 that cannot be read (cut short, wrong shape) never replaces a good answer.
                guard let stored else { return .init(response: response, stale: nil) }
                let reason = GitHubError.undecodable(reason: "GitHub sent an answer that cannot be read")
                return .init(response: stored.storedResponse, stale: .init(fetchedAt: stored.fetchedAt, reason: reason))
            }
        }
        if response.isSuccess {
            recent.forget(key)
            if !response.cacheControl.noStore {
                let entry = CachedResponse(key: key, response: response, maxAge: maxAge(of: response), now: time)
                try? await database.save(entry, maximumBytes: policy.maximumBytes)
                recent.remember(.init(entry: entry, response: response))
            }
            return .init(response: response, stale: nil)
        }
        if let failure = GitHubError(response: response), failure.isTransient, let stored {
            return .init(response: stored.storedResponse, stale: .init(fetchedAt: stored.fetchedAt, reason: failure))
        }
        return .init(response: response, stale: nil)
    }

    /// The stored answer as a response, its body decoded once by `check` when there is one.
    static func response(from entry: CachedResponse, checkedBy check: BodyCheck?) -> GitHubResponse {
        var response = entry.response
        if let check { response.decoded = check.decode(response.body) }
        return response
    }

    /// Search answers follow the window configured now; others the `max-age` they came with.
    func isFresh(_ stored: CachedResponse, at time: Date) -> Bool {
        isFresh(stored, isSearch: Self.isSearch(stored.url), at: time)
    }

    /// `isFresh` of an answer held in memory, which knows whether it is a search.
    func isFresh(_ answer: RecentAnswers.Answer, at time: Date) -> Bool {
        isFresh(answer.entry, isSearch: answer.isSearch, at: time)
    }

    private func isFresh(_ stored: CachedResponse, isSearch: Bool, at time: Date) -> Bool {
        let lifetime = isSearch ? policy.searchFreshness : stored.maxAge
        return time.timeIntervalSince(stored.fetchedAt) < lifetime
    }

    /// Whether the path of `url` (an absolute URL as stored: not its query or fragment) holds
    /// `/search/`, as `URL(string:)?.path.contains("/search/")` says for the URLs Starscope asks.
    /// Searched in its UTF-8 bytes (`String.firstOffset`, by `memmem`): every answer served from
    /// memory is checked, several times for a page, and Foundation's parse and its UTF-16 search
    /// cost more than the rest of the look-up.
    static func isSearch(_ url: String) -> Bool {
        var url = url
        return url.withUTF8(isSearch(bytes:))
    }

    /// `isSearch` over the URL's bytes: stepping through `String.UTF8View` a byte at a time is
    /// slower, and a cached detail view checks a dozen stored answers.
    private static func isSearch(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        guard let scheme = offset(of: "://", in: bytes, from: 0), scheme + 3 <= end,
            let path = bytes[(scheme + 3)..<end].firstIndex(of: UInt8(ascii: "/"))
        else { return false }
        // `URL.path` leaves out trailing slashes: `/search/` is the path `/search`.
        while end - path > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        guard let found = offset(of: "/search/", in: bytes, from: path) else { return false }
        return found + 8 <= end
    }

    private static func offset(of needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        needle.withUTF8Buffer { String.firstOffset(of: $0, in: bytes, from: start) }
    }

    /// `max-age`, or the search window for search answers GitHub marks `no-cache`; a repository's
    /// page sections (README, releases, contributors, languages) are kept at least
    /// `sectionFreshness`, so a page viewed again and again does not ask for them each time.
    func maxAge(of response: GitHubResponse) -> Double {
        let path = response.url.path
        if path.contains("/search/") { return policy.searchFreshness }
        let control = response.cacheControl
        let given = control.noCache ? 0 : Double(control.maxAge ?? 0)
        return Self.isSection(path) ? max(given, policy.sectionFreshness) : given
    }

    /// `/repos/O/N/readme`, `/releases` (not `/releases/latest`, which updates watch), `/contributors`, `/languages`.
    static func isSection(_ path: String) -> Bool {
        guard path.contains("/repos/") else { return false }
        return ["/readme", "/releases", "/contributors", "/languages"].contains { path.hasSuffix($0) }
    }
}

/// How `CachingTransport` answered a GET.
public enum CacheOutcome: String, Sendable, CaseIterable {
    /// From what was kept, fresh: GitHub was not asked.
    case fresh
    /// GitHub said the kept answer still holds (304).
    case revalidated
    /// GitHub's new answer.
    case asked
    /// A kept answer stood in for one GitHub could not give (unreachable, failing, limited).
    case stale
    /// Offline, or kept answers only: the store answered as asked.
    case kept
}
