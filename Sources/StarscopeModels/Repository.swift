import Foundation

/// A GitHub repository, as returned by search, account listings and `GET /repos/{owner}/{repo}`.
///
/// Read from GitHub's JSON (`GitHubJSON.decode`) and written back with GitHub's names by its one
/// writer, `writeJSON`, so `--json` output and stored snapshots read like GitHub's own responses.
public struct Repository: Decodable, Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    public var fullName: String
    public var owner: Account
    public var description: String?
    public var htmlURL: String
    public var fork: Bool
    public var createdAt: Date
    public var updatedAt: Date?
    public var pushedAt: Date?
    public var homepage: String?
    public var stargazersCount: Int
    public var watchersCount: Int
    public var forksCount: Int
    public var openIssuesCount: Int
    public var language: String?
    public var topics: [String]
    public var license: License?
    public var archived: Bool
    public var defaultBranch: String?
    /// GitHub's `private`: only those GitHub shows it to may see it.
    public var isPrivate: Bool
    /// GitHub's `visibility`: `public`, `private` or `internal` (an enterprise's members only).
    public var visibility: String?

    /// Whether anyone may see it: neither private nor internal. Only public repositories are ever
    /// kept where another account or a guest could read them.
    public var isPublic: Bool {
        guard !isPrivate else { return false }
        guard let visibility else { return true }
        // GitHub writes it in lower case: one comparison of two small strings, and
        // `lowercased()` only for any other spelling.
        return visibility == "public" || visibility.lowercased() == "public"
    }

    public init(
        id: Int64,
        name: String,
        fullName: String,
        owner: Account,
        description: String? = nil,
        htmlURL: String,
        fork: Bool = false,
        createdAt: Date,
        updatedAt: Date? = nil,
        pushedAt: Date? = nil,
        homepage: String? = nil,
        stargazersCount: Int = 0,
        watchersCount: Int = 0,
        forksCount: Int = 0,
        openIssuesCount: Int = 0,
        language: String? = nil,
        topics: [String] = [],
        license: License? = nil,
        archived: Bool = false,
        defaultBranch: String? = nil,
        isPrivate: Bool = false,
        visibility: String? = nil
    ) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.owner = owner
        self.description = description
        self.htmlURL = htmlURL
        self.fork = fork
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.pushedAt = pushedAt
        self.homepage = homepage
        self.stargazersCount = stargazersCount
        self.watchersCount = watchersCount
        self.forksCount = forksCount
        self.openIssuesCount = openIssuesCount
        self.language = language
        self.topics = topics
        self.license = license
        self.archived = archived
        self.defaultBranch = defaultBranch
        self.isPrivate = isPrivate
        self.visibility = visibility
    }

    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, fork, homepage, language, topics, license, archived
        case fullName = "full_name"
        case htmlURL = "html_url"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case pushedAt = "pushed_at"
        case stargazersCount = "stargazers_count"
        case watchersCount = "watchers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case defaultBranch = "default_branch"
        case isPrivate = "private"
        case visibility
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        fullName = try c.decode(String.self, forKey: .fullName)
        owner = try c.decode(Account.self, forKey: .owner)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        htmlURL = try c.decode(String.self, forKey: .htmlURL)
        fork = try c.decodeIfPresent(Bool.self, forKey: .fork) ?? false
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(Date.self, forKey: .updatedAt)
        pushedAt = try c.decodeIfPresent(Date.self, forKey: .pushedAt)
        homepage = try c.decodeIfPresent(String.self, forKey: .homepage)
        // Counts are held to `0...Count.maximum` here, at the edge, so nothing after can overflow.
        stargazersCount = try c.decodeCount(forKey: .stargazersCount) ?? 0
        watchersCount = try c.decodeCount(forKey: .watchersCount) ?? stargazersCount
        forksCount = try c.decodeCount(forKey: .forksCount) ?? 0
        openIssuesCount = try c.decodeCount(forKey: .openIssuesCount) ?? 0
        language = try c.decodeIfPresent(String.self, forKey: .language)
        topics = try c.decodeIfPresent([String].self, forKey: .topics) ?? []
        license = try c.decodeIfPresent(License.self, forKey: .license)
        archived = try c.decodeIfPresent(Bool.self, forKey: .archived) ?? false
        defaultBranch = try c.decodeIfPresent(String.self, forKey: .defaultBranch)
        // A field of an unexpected type must not make a private repository look public: only an
        // explicit `false` (or no field at all, as in old snapshots) means not private.
        if c.contains(.isPrivate) {
            isPrivate = (try? c.decodeIfPresent(Bool.self, forKey: .isPrivate)).flatMap { $0 } ?? true
        } else {
            isPrivate = false
        }
        visibility = try? c.decodeIfPresent(String.self, forKey: .visibility)
    }
}

/// A repository's licence as GitHub summarises it.
public struct License: Decodable, Hashable, Sendable {
    public var key: String
    public var name: String
    public var spdxID: String?

    public init(key: String, name: String, spdxID: String? = nil) {
        self.key = key
        self.name = name
        self.spdxID = spdxID
    }

    enum CodingKeys: String, CodingKey {
        case key, name
        case spdxID = "spdx_id"
    }
}
