import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// Progress of a list that takes several requests: pages loaded so far and pages expected.
public typealias PageProgress = @Sendable (_ loaded: Int, _ expected: Int) -> Void

/// The read-only use cases shared by the terminal and the web app.
public struct Explorer: Sendable {
    public let client: GitHubClient
    /// Where star counts and favourites are kept; nil for a memoryless explorer.
    public let database: (any Store)?
    /// The current time; injected so that timeframes can be tested on any date.
    public let now: @Sendable () -> Date
    /// Whose eyes GitHub's answers are read through: the owner's or an account's token sees its
    /// private repositories; a guest and everyone, on the server's token, see public ones only
    /// (the audience rule, `Viewer+Audience.swift`).
    public let viewer: Viewer
    /// New & popular's windows cut before, shared by every copy of this explorer.
    let windows: RecentWindows

    public init(
        client: GitHubClient, database: (any Store)? = nil, viewer: Viewer = .owner, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(client: client, database: database, viewer: viewer, now: now, windows: RecentWindows())
    }

    init(client: GitHubClient, database: (any Store)?, viewer: Viewer, now: @escaping @Sendable () -> Date, windows: RecentWindows) {
        self.client = client
        self.database = database
        self.viewer = viewer
        self.now = now
        self.windows = windows
    }

    /// The same client and store, read through `viewer`'s eyes.
    public func viewed(by viewer: Viewer) -> Explorer {
        Explorer(client: client, database: database, viewer: viewer, now: now, windows: windows)
    }

    /// Whether this explorer may show `repository`.
    func shows(_ repository: Repository) -> Bool {
        viewer.mayRead(repository)
    }

    /// The repositories of a list this explorer may show.
    func visible(_ repositories: [Repository]) -> [Repository] {
        viewer.readable(repositories)
    }

    /// The ids of `viewer`'s favourites, to mark them in any list.
    public func favoriteIDs(for viewer: Viewer) async -> Set<Int64> {
        (try? await database?.favoriteIDs(for: viewer)) ?? []
    }

    /// Records what GitHub said about these repositories (star history, favourite snapshots).
    /// A failure to record never fails what the user asked for. Answers the store gave in
    /// GitHub's place are not recorded again: they hold nothing new.
    func observe(_ repositories: [Repository]) async {
        try? await database?.observe(repositories, for: viewer, at: now())
    }

    /// "New & popular": repositories created in the timeframe, most stars first.
    public func trending(_ query: TrendingQuery, limit: Int, progress: PageProgress? = nil) async throws(StarscopeError) -> ListResult<
        Repository
    > {
        let perPage = pageSize(forLimit: limit)
        func list(_ q: String) async throws(StarscopeError) -> ListResult<Repository> {
            try await collectPages(limit: limit, perPage: perPage, about: .search, progress: progress, keep: shows) {
                (needed: Int) async throws(GitHubError) in
                // Unfiltered, every page the limit needs is there: asked for together, before any
                // answer (one round trip instead of page 1, then the rest its `Link` names).
                guard query.isUnfiltered, needed > 1 else {
                    return [
                        try await client.searchRepositories(query: viewer.repositorySearch(q), sort: query.sort.rawValue, perPage: perPage)
                    ]
                }
                return try await client.searchRepositories(
                    query: viewer.repositorySearch(q), sort: query.sort.rawValue, perPage: perPage, pages: 1...needed)
            }
        }
        let result: ListResult<Repository>
        do {
            result = try await list(try query.searchQuery(now: now()))
        } catch {
            guard case .unavailable = error, let kept = await earlierDay(query, list) else { throw error }
            return kept
        }
        if !result.isStored { await observe(result.items) }
        return result
    }

    /// One window of "New & popular" (see `RowWindow`; 100 rows unless asked for fewer), and the
    /// number of the next window if there is one (for the web app's infinite scroll).
    /// `incomplete`: GitHub's search timed out and some results may be missing.
    public func trendingPage(_ query: TrendingQuery, page: Int, rows: Int = RowWindow.upstreamPageSize) async throws(StarscopeError) -> (
        items: [Repository], nextPage: Int?, incomplete: Bool
    ) {
        let q = try query.searchQuery(now: now())
        let window = RowWindow(page: page, rows: rows)
        @Sendable func ask(_ q: String) async throws(GitHubError) -> Page<Repository> {
            try await client.searchRepositories(
                query: viewer.repositorySearch(q), sort: query.sort.rawValue, perPage: RowWindow.upstreamPageSize, page: window.upstreamPage
            )
        }
        let result: Page<Repository>
        do {
            result = try await ask(q)
        } catch {
            guard error.isTransient, let kept = await earlierDay(query, ask) else { throw StarscopeError(error, about: .search) }
            result = kept
        }
        if !result.isStored { await observe(result.items) }
        let upstreamHasNext = result.links.next != nil
        let (items, next) = windows.cut(result.items, window: window, viewer: viewer, upstreamHasNext: upstreamHasNext) {
            window.cut(visible(result.items), upstreamHasNext: upstreamHasNext)
        }
        return (items, next.flatMap { $0 <= window.lastSearchPage ? $0 : nil }, result.incompleteResults)
    }

    /// One page of 100 of an account's repositories (forks left out unless asked), and the next page's number.
    public func repositoriesPage(of login: String, includeForks: Bool, page: Int) async throws(StarscopeError) -> (
        items: [Repository], nextPage: Int?
    ) {
        try Self.checkLogin(login)
        do {
            let result = try await client.repositories(of: login, perPage: 100, page: page)
            if !result.isStored { await observe(result.items) }
            return (visible(result.items).filter { includeForks || !$0.fork }, Self.pageNumber(result.links.next))
        } catch {
            throw StarscopeError(error, about: .account(login))
        }
    }

    /// One page of 100 of GitHub's accounts after the id `since`, and the `since` of the next page.
    public func usersPage(since: Int64?) async throws(StarscopeError) -> (items: [Account], nextSince: Int64?) {
        do {
            let result = try await client.users(since: since, perPage: 100)
            let next = result.links.next.flatMap {
                URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "since" }?.value
            }
            return (result.items, next.flatMap { Int64($0) })
        } catch {
            throw StarscopeError(error, about: .users)
        }
    }

    static func pageNumber(_ url: URL?) -> Int? {
        url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value }.flatMap {
            Count.parse($0)
        }
    }

    /// An account's repositories, most recently pushed first; forks only when asked.
    public func repositories(of login: String, includeForks: Bool, limit: Int, progress: PageProgress? = nil) async throws(StarscopeError)
        -> ListResult<Repository>
    {
        try Self.checkLogin(login)
        return try await collect(
            limit: limit, perPage: 100, about: .account(login), progress: progress, keep: { shows($0) && (includeForks || !$0.fork) }
        ) {
            () async throws(GitHubError) in
            try await client.repositories(of: login, perPage: 100)
        }
    }

    /// One repository by name.
    ///
    /// With `snapshotFreshFor`, a copy seen in a list within that many seconds is used without
    /// asking GitHub (the detail of a row costs no request). When GitHub cannot answer, the last
    /// copy seen (or a favourite's snapshot) stands in, reported as stale.
    ///
    /// The snapshot is the shared one (public repositories GitHub gave) or this account's own
    /// favourite, never another account's. A repository this explorer may not show (a private
    /// one, for a guest) is "not found", as GitHub answers those who may not see it.
    public func repository(_ name: RepositoryName, snapshotFreshFor: TimeInterval? = nil) async throws(StarscopeError) -> Repository {
        let snapshot = (try? await database?.snapshot(fullName: name.description, for: viewer)).flatMap { $0 }.flatMap {
            shows($0.repository) ? $0 : nil
        }
        if let snapshotFreshFor, let snapshot, now().timeIntervalSince(snapshot.fetchedAt) < snapshotFreshFor {
            return snapshot.repository
        }
        let repository: Repository
        do {
            repository = try await client.repository(owner: name.owner, name: name.name)
            await observe([repository])
        } catch {
            if error.isTransient, let snapshot {
                CacheReport.current?.recordStale(fetchedAt: snapshot.fetchedAt, reason: error)
                return snapshot.repository
            }
            throw StarscopeError(error, about: .repository(name))
        }
        guard shows(repository) else { throw StarscopeError(GitHubError.notFound(url: name.description), about: .repository(name)) }
        return repository
    }

    /// The repository a deep link points to.
    public func open(link: String) async throws(StarscopeError) -> Repository {
        try await repository(try DeepLink.repository(from: link))
    }

    /// GitHub's accounts in id order, after the id `since`.
    public func users(since: Int64?, limit: Int, progress: PageProgress? = nil) async throws(StarscopeError) -> ListResult<Account> {
        let perPage = pageSize(forLimit: limit)
        return try await collect(limit: limit, perPage: perPage, about: .users, progress: progress) { () async throws(GitHubError) in
            try await client.users(since: since, perPage: perPage)
        }
    }

    /// A user's or organisation's profile.
    public func profile(login: String) async throws(StarscopeError) -> Profile {
        try Self.checkLogin(login)
        do {
            return try await client.profile(login: login)
        } catch {
            throw StarscopeError(error, about: .account(login))
        }
    }

    /// An account's recent public events, newest first.
    public func activity(login: String, limit: Int, progress: PageProgress? = nil) async throws(StarscopeError) -> ListResult<Event> {
        try Self.checkLogin(login)
        let perPage = pageSize(forLimit: limit)
        return try await collect(limit: limit, perPage: perPage, about: .account(login), progress: progress) {
            () async throws(GitHubError) in
            try await client.publicEvents(login: login, perPage: perPage)
        }
    }

    static func checkLogin(_ login: String) throws(StarscopeError) {
        guard RepositoryName.isValidLogin(login) else {
            throw .invalidInput("\"\(login)\" is not a valid GitHub user or organisation name.")
        }
    }

    /// Follows `Link: rel="next"` until `limit` items are kept or the list ends.
    func collect<Item>(
        limit: Int,
        perPage: Int,
        about subject: Subject,
        progress: PageProgress?,
        keep: (Item) -> Bool = { _ in true },
        first: () async throws(GitHubError) -> Page<Item>
    ) async throws(StarscopeError) -> ListResult<Item> {
        try await collectPages(limit: limit, perPage: perPage, about: subject, progress: progress, keep: keep) {
            (_: Int) async throws(GitHubError) in [try await first()]
        }
    }

    /// `collect` from the first pages `first` gives (page 1, or more asked for together; it is
    /// told how many pages the limit needs), then `Link: rel="next"` from the last of them.
    func collectPages<Item>(
        limit: Int,
        perPage: Int,
        about subject: Subject,
        progress: PageProgress?,
        keep: (Item) -> Bool = { _ in true },
        first: (_ needed: Int) async throws(GitHubError) -> [Page<Item>]
    ) async throws(StarscopeError) -> ListResult<Item> {
        var items: [Item] = []
        var loaded = 0
        let expected = max(1, (limit + perPage - 1) / perPage)
        do {
            // Pages fetched and not yet read: after the first ones, as many as the limit still
            // needs, asked for together (`GitHubClient.pages(after:upTo:)`).
            var pending = try await first(expected)
            var incomplete = false
            var isStored = true
            var totalCount: Int?
            var skipped = 0
            while !pending.isEmpty {
                let current = pending.removeFirst()
                loaded += 1
                incomplete = incomplete || current.incompleteResults
                isStored = isStored && current.isStored
                totalCount = totalCount ?? current.totalCount
                skipped += current.skippedItems
                items.append(contentsOf: current.items.filter(keep))
                progress?(loaded, max(expected, loaded))
                guard items.count < limit else { break }
                if pending.isEmpty {
                    pending = try await client.pages(after: current, upTo: (limit - items.count + perPage - 1) / perPage)
                }
            }
            var result = ListResult(items: Array(items.prefix(limit)), totalCount: totalCount, incomplete: incomplete, requests: loaded)
            result.isStored = isStored
            result.skippedItems = skipped
            return result
        } catch {
            throw StarscopeError(error, about: subject)
        }
    }
}

/// A list as shown to the user, with what GitHub said about it.
public struct ListResult<Item: Sendable>: Sendable {
    public var items: [Item]
    /// Search only: how many matches GitHub counted.
    public var totalCount: Int?
    /// Search only: GitHub's search timed out and some results may be missing.
    public var incomplete: Bool
    /// How many pages were fetched.
    public var requests: Int
    /// Every page came from the store, not from GitHub: nothing new was learnt.
    public var isStored = false
    /// Items GitHub sent that could not be read and were left out (see `Page.skippedItems`):
    /// worth a notice, since the list is shorter than GitHub's.
    public var skippedItems = 0

    public init(items: [Item], totalCount: Int? = nil, incomplete: Bool = false, requests: Int = 0) {
        self.items = items
        self.totalCount = totalCount
        self.incomplete = incomplete
        self.requests = requests
    }
}
