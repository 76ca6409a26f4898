import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// One repository: GitHub's answer (or the store's copy), its README, releases, contributors and languages.
public struct RepositoryDetails: UseCase {
    let context: ReadContext

    /// One repository by name.
    ///
    /// With `snapshotFreshFor`, a copy seen in a list within that many seconds is used without
    /// asking GitHub (the detail of a row costs no request). When GitHub cannot answer, the last
    /// copy seen (or a favourite's snapshot) stands in, reported as stale.
    ///
    /// The snapshot is the shared one (public repositories GitHub gave) or this account's own
    /// favourite, never another account's. A repository this reading context may not show (a private
    /// one, for a guest) is "not found", as GitHub answers those who may not see it.
    public func repository(_ name: RepositoryName, snapshotFreshFor: TimeInterval? = nil) async throws(StarscopeError) -> Repository {
        // The store gives only what the viewer may see: the shared snapshot or its own favourite's.
        let snapshot = (try? await database?.snapshot(fullName: name.description, for: viewer)).flatMap { $0 }
        if let snapshotFreshFor, let snapshot, now().timeIntervalSince(snapshot.fetchedAt) < snapshotFreshFor {
            return snapshot.repository
        }
        let repository: Repository
        do {
            repository = try await github.repository(owner: name.owner, name: name.name)
            await observe([repository])
        } catch {
            if error.isTransient, let snapshot {
                CacheReport.current?.recordStale(fetchedAt: snapshot.fetchedAt, reason: error, subject: name.description)
                return snapshot.repository
            }
            throw StarscopeError(error, about: .repository(name))
        }
        return repository
    }

    /// The repository a deep link points to.
    public func open(link: String) async throws(StarscopeError) -> Repository {
        try await repository(try DeepLink.repository(from: link))
    }

    /// The README's Markdown as GitHub stores it; nil when the repository has none.
    public func readmeMarkdown(_ name: RepositoryName) async throws(StarscopeError) -> String? {
        try await readme(name) { () async throws(GitHubError) in try await client.readmeMarkdown(owner: name.owner, name: name.name) }
    }

    /// GitHub's HTML rendering of the README, untrusted: sanitise it before showing it (the web
    /// app's `HTMLSanitizer`). Nil when the repository has none.
    public func readmeHTML(_ name: RepositoryName) async throws(StarscopeError) -> String? {
        try await readme(name) { () async throws(GitHubError) in try await client.readmeHTML(owner: name.owner, name: name.name) }
    }

    /// GitHub answers 404 both for "no README" and "no repository": a 404 asks for the
    /// repository (usually a fresh answer, so no request) to tell which.
    private func readme(_ name: RepositoryName, _ fetch: () async throws(GitHubError) -> String) async throws(StarscopeError) -> String? {
        do {
            return try await fetch()
        } catch .notFound {
            _ = try await repository(name)
            return nil
        } catch {
            throw StarscopeError(error, about: .repository(name))
        }
    }

    /// The newest releases, up to `limit` (pages of up to 100).
    public func releases(_ name: RepositoryName, limit: Int) async throws(StarscopeError) -> ListResult<Release> {
        let perPage = pageSize(forLimit: limit)
        return try await collect(limit: limit, perPage: perPage, about: .repository(name), progress: nil) { () async throws(GitHubError) in
            try await client.releases(owner: name.owner, name: name.name, perPage: perPage)
        }
    }

    /// The latest release (neither draft nor pre-release); nil when there is none.
    public func latestRelease(_ name: RepositoryName) async throws(StarscopeError) -> Release? {
        do {
            return try await client.latestRelease(owner: name.owner, name: name.name)
        } catch .notFound {
            _ = try await repository(name)
            return nil
        } catch {
            throw StarscopeError(error, about: .repository(name))
        }
    }

    /// The top contributors, most contributions first, up to `limit`.
    public func contributors(_ name: RepositoryName, limit: Int) async throws(StarscopeError) -> ListResult<Contributor> {
        let perPage = pageSize(forLimit: limit)
        return try await collect(limit: limit, perPage: perPage, about: .repository(name), progress: nil) { () async throws(GitHubError) in
            try await client.contributors(owner: name.owner, name: name.name, perPage: perPage)
        }
    }

    /// Bytes of code per language, largest first.
    public func languages(_ name: RepositoryName) async throws(StarscopeError) -> Languages {
        do {
            return try await client.languages(owner: name.owner, name: name.name)
        } catch {
            throw StarscopeError(error, about: .repository(name))
        }
    }

    /// The README, the newest `releases`, the top `contributors` and the languages of `name`:
    /// four requests at most, none while their answers are fresh.
    ///
    /// A page viewed again finds all four fresh in memory: they are then looked up one after
    /// another in this task, which costs less than four tasks of their own (each handed to
    /// another thread and back). Otherwise all four are asked at once, each in a child task.
    public func sections(_ name: RepositoryName, releases releaseCount: Int = 5, contributors contributorCount: Int = 10) async
        -> RepositorySections
    {
        let readme = { @Sendable (details: Self) in
            await Self.outcome { () async throws(StarscopeError) in try await details.readmeHTML(name) }
        }
        let releases = { @Sendable (details: Self) in
            await Self.outcome { () async throws(StarscopeError) in try await details.releases(name, limit: releaseCount).items }
        }
        let contributors = { @Sendable (details: Self) in
            await Self.outcome { () async throws(StarscopeError) in try await details.contributors(name, limit: contributorCount).items }
        }
        let languages = { @Sendable (details: Self) in
            await Self.outcome { () async throws(StarscopeError) in try await details.languages(name) }
        }
        let inMemory = RepositoryDetails(context: context.using(.inMemoryOnly))
        if case .success(let readmeHTML) = await readme(inMemory), case .success(let newest) = await releases(inMemory),
            case .success(let top) = await contributors(inMemory), case .success(let bytes) = await languages(inMemory)
        {
            return RepositorySections(
                readmeHTML: .success(readmeHTML), releases: .success(newest), contributors: .success(top), languages: .success(bytes))
        }
        async let readmeAtOnce = readme(self)
        async let releasesAtOnce = releases(self)
        async let contributorsAtOnce = contributors(self)
        async let languagesAtOnce = languages(self)
        return RepositorySections(
            readmeHTML: await readmeAtOnce, releases: await releasesAtOnce, contributors: await contributorsAtOnce,
            languages: await languagesAtOnce)
    }

    static func outcome<T>(_ body: () async throws(StarscopeError) -> T) async -> Result<T, StarscopeError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}

extension Repository {
    /// True when GitHub answered for `name` with a repository of another name: it was renamed
    /// or transferred (GitHub redirected `/repos/OLD` to `/repositories/ID`).
    public func isRenamed(from name: RepositoryName) -> Bool {
        let asked = name.description
        guard let same = fullName.equalsIgnoringASCIICase(asked) else { return fullName.caseInsensitiveCompare(asked) != .orderedSame }
        return !same
    }
}
