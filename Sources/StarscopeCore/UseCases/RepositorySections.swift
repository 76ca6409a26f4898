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
