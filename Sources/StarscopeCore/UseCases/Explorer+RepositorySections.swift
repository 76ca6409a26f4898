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
    /// asked at once, each in a child task: four requests at most, none while their answers are
    /// fresh.
    public func sections(_ name: RepositoryName, releases releaseCount: Int = 5, contributors contributorCount: Int = 10) async
        -> RepositorySections
    {
        async let readme = Self.outcome { () async throws(StarscopeError) in try await self.readmeHTML(name) }
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
