import StarscopeModels

/// How an account's repositories are ordered: last push (GitHub's `sort=pushed`), stars (GitHub
/// cannot: sorted here) or name (`sort=full_name`).
public enum AccountRepositorySort: String, CaseIterable, Hashable, Sendable {
    case pushed
    case stars
    case name

    public var label: String {
        switch self {
        case .pushed: "Last push"
        case .stars: "Stars"
        case .name: "Name"
        }
    }
}

/// What the user asked of an account's repositories: order, forks, language and text.
public struct AccountRepositoryQuery: Hashable, Sendable {
    public var sort: AccountRepositorySort
    public var includeForks: Bool
    /// Only repositories in this language (GitHub's name, compared without case).
    public var language: String?
    /// Only repositories whose name or description holds this text (without case).
    public var text: String?

    public init(sort: AccountRepositorySort = .pushed, includeForks: Bool = false, language: String? = nil, text: String? = nil) {
        self.sort = sort
        self.includeForks = includeForks
        self.language = language?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        self.text = text?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
    }

    /// GitHub's `sort` for `GET /users/{login}/repos` (stars are sorted here, from the most recently pushed).
    var gitHubSort: String {
        switch self.sort {
        case .pushed, .stars: "pushed"
        case .name: "full_name"
        }
    }

    /// Whether a repository passes the forks, language and text filters.
    public func keeps(_ repository: Repository) -> Bool {
        if !includeForks && repository.fork { return false }
        if let language, repository.language?.caseInsensitiveCompare(language) != .orderedSame { return false }
        if let text {
            let needle = text.lowercased()
            let haystack = (repository.name + " " + (repository.description ?? "")).lowercased()
            if !haystack.contains(needle) { return false }
        }
        return true
    }

    /// Most stars first, ties by name: the order GitHub cannot give.
    static func byStars(_ left: Repository, _ right: Repository) -> Bool {
        if left.stargazersCount != right.stargazersCount { return left.stargazersCount > right.stargazersCount }
        return left.fullName.lowercased() < right.fullName.lowercased()
    }
}
