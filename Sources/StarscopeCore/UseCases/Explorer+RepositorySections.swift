import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// The extra sections of a repository's page, each with its own outcome: one that fails (rate
/// limit, GitHub down with nothing stored) leaves the others shown.
public struct RepositorySections: Hashable, Sendable {
    /// GitHub's HTML rendering of the README (untrusted: sanitise it), nil when there is none.
    public var readmeHTML: Result<String?, StarscopeError>
    /// The newest releases, pre-releases included (`Release.prerelease` marks them).
    public var releases: Result<[Release], StarscopeError>
    /// The top contributors, most contributions first.
    public var contributors: Result<[Contributor], StarscopeError>
    public var languages: Result<Languages, StarscopeError>
}

extension Explorer {
    /// The README, the newest `releases`, the top `contributors` and the languages of `name`,
    /// asked at once: four requests at most, none while their answers are fresh.
    ///
    /// A page viewed again finds all four fresh in memory: they are then looked up one after
    /// another in this task, which costs less than four tasks of their own (each handed to
    /// another thread and back). When one is not in memory, all four are asked at once.
    public func sections(_ name: RepositoryName, releases releaseCount: Int = 5, contributors contributorCount: Int = 10) async
        -> RepositorySections
    {
        let probe = MemoryProbe()
        let inLine = await CachingTransport.$memoryOnly.withValue(probe) {
            RepositorySections(
                readmeHTML: await Self.outcome { () async throws(StarscopeError) in try await readmeHTML(name) },
                releases: await Self.outcome { () async throws(StarscopeError) in try await releases(name, limit: releaseCount).items },
                contributors: await Self.outcome { () async throws(StarscopeError) in
                    try await contributors(name, limit: contributorCount).items
                },
                languages: await Self.outcome { () async throws(StarscopeError) in try await languages(name) })
        }
        guard probe.missed else { return inLine }
        return await sectionsAtOnce(name, releases: releaseCount, contributors: contributorCount)
    }

    /// The four sections asked at once, each in a child task.
    private func sectionsAtOnce(_ name: RepositoryName, releases releaseCount: Int, contributors contributorCount: Int) async
        -> RepositorySections
    {
        async let readme = Self.outcome { () async throws(StarscopeError) in try await readmeHTML(name) }
        async let releases = Self.outcome { () async throws(StarscopeError) in try await self.releases(name, limit: releaseCount).items }
        async let contributors = Self.outcome { () async throws(StarscopeError) in
            try await self.contributors(name, limit: contributorCount).items
        }
        async let languages = Self.outcome { () async throws(StarscopeError) in try await self.languages(name) }
        return RepositorySections(
            readmeHTML: await readme, releases: await releases, contributors: await contributors, languages: await languages)
    }

    static func outcome<T>(_ body: () async throws(StarscopeError) -> T) async -> Result<T, StarscopeError> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
