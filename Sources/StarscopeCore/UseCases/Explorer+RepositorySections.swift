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
        // Each section's look-up, written once for both ways of running them.
        let readme = { @Sendable in await Self.outcome { () async throws(StarscopeError) in try await self.readmeHTML(name) } }
        let releases = { @Sendable in
            await Self.outcome { () async throws(StarscopeError) in try await self.releases(name, limit: releaseCount).items }
        }
        let contributors = { @Sendable in
            await Self.outcome { () async throws(StarscopeError) in try await self.contributors(name, limit: contributorCount).items }
        }
        let languages = { @Sendable in await Self.outcome { () async throws(StarscopeError) in try await self.languages(name) } }
        let probe = MemoryProbe()
        let inLine = await CachingTransport.$memoryOnly.withValue(probe) {
            RepositorySections(
                readmeHTML: await readme(), releases: await releases(), contributors: await contributors(), languages: await languages())
        }
        guard probe.missed else { return inLine }
        // Asked at once, each in a child task.
        async let readmeAtOnce = readme()
        async let releasesAtOnce = releases()
        async let contributorsAtOnce = contributors()
        async let languagesAtOnce = languages()
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
