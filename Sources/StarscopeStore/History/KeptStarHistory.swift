import StarscopeModels

/// What is kept of one repository's stars: Starscope's own counts, oldest first, and the weeks
/// GitHub gave (nil when never asked, or not asked for).
public struct KeptStarHistory: Sendable, Hashable {
    public var samples: [StarSample]
    public var gitHub: GitHubStarWeeks?

    public init(samples: [StarSample], gitHub: GitHubStarWeeks?) {
        self.samples = samples
        self.gitHub = gitHub
    }
}

extension Store {
    /// The two reads one after the other (PostgreSQL's answers come over one connection each).
    public func keptStarHistory(of repository: Repository) async throws(StoreError) -> KeptStarHistory {
        KeptStarHistory(samples: try await starHistory(repositoryID: repository.id), gitHub: try await gitHubStarWeeks(of: repository))
    }
}
