import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// A use case: GitHub and the store read through one viewer's eyes (`ReadContext`). What every
/// use case reads with (the client, the store, the viewer, the clock) and the helpers they share.
protocol UseCase: Sendable {
    var context: ReadContext { get }
}

extension UseCase {
    var client: GitHubClient { context.client }
    var database: (any Store)? { context.database }
    var viewer: Viewer { context.viewer }
    var now: @Sendable () -> Date { context.now }

    /// GitHub's repositories as this use case's viewer may read them: the one door for searches,
    /// lists, one repository and live counts (`ViewedGitHub`).
    var github: ViewedGitHub { ViewedGitHub(client: client, viewer: viewer) }

    /// Records what GitHub said about these repositories (star history, favourite snapshots).
    /// A failure to record never fails what the user asked for. Answers the store gave in
    /// GitHub's place are not recorded again: they hold nothing new.
    func observe(_ repositories: [Repository]) async {
        try? await database?.observe(repositories, for: viewer, at: now())
    }

    static func pageNumber(_ url: URL?) -> Int? {
        url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value }.flatMap {
            Count.parse($0)
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

    /// `collect` for repositories: the next pages come through the door too (`ViewedGitHub`).
    func collect(
        limit: Int,
        perPage: Int,
        about subject: Subject,
        progress: PageProgress?,
        keep: (Repository) -> Bool = { _ in true },
        first: () async throws(GitHubError) -> Page<Repository>
    ) async throws(StarscopeError) -> ListResult<Repository> {
        try await collectPages(limit: limit, perPage: perPage, about: subject, progress: progress, keep: keep) {
            (_: Int) async throws(GitHubError) in [try await first()]
        }
    }

    /// `collectPages` for repositories: the next pages come through the door too (`ViewedGitHub`).
    func collectPages(
        limit: Int,
        perPage: Int,
        about subject: Subject,
        progress: PageProgress?,
        keep: (Repository) -> Bool = { _ in true },
        first: (_ needed: Int) async throws(GitHubError) -> [Page<Repository>]
    ) async throws(StarscopeError) -> ListResult<Repository> {
        let github = self.github
        return try await collectPages(limit: limit, perPage: perPage, about: subject, progress: progress, keep: keep, first: first) {
            (page: Page<Repository>, count: Int) async throws(GitHubError) in try await github.pages(after: page, upTo: count)
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
        let client = self.client
        return try await collectPages(limit: limit, perPage: perPage, about: subject, progress: progress, keep: keep, first: first) {
            (page: Page<Item>, count: Int) async throws(GitHubError) in try await client.pages(after: page, upTo: count)
        }
    }

    /// Pages from `first`, then as many as the limit still needs from `next`.
    private func collectPages<Item>(
        limit: Int,
        perPage: Int,
        about subject: Subject,
        progress: PageProgress?,
        keep: (Item) -> Bool,
        first: (_ needed: Int) async throws(GitHubError) -> [Page<Item>],
        next: (Page<Item>, Int) async throws(GitHubError) -> [Page<Item>]
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
                    pending = try await next(current, (limit - items.count + perPage - 1) / perPage)
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
