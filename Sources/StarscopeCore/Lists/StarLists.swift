/// A person's star Lists on GitHub, as a sync needs them: read all at once, and changed only
/// where they differ. GitHub's GraphQL API is the one implementation (`GitHubStarLists`).
public protocol StarLists: Sendable {
    /// Every List of the token's user, with the repositories in it.
    func all() async throws(StarscopeError) -> [StarList]
    /// Makes a List; its id.
    func create(name: String, description: String, isPrivate: Bool) async throws(StarscopeError) -> String
    /// Gives a List a new description.
    func describe(listID: String, as description: String) async throws(StarscopeError)
    /// Sets exactly which Lists hold a repository (by its GraphQL id).
    func setLists(ofRepository repositoryID: String, to listIDs: [String]) async throws(StarscopeError)
    /// The GraphQL ids of repositories by full name (those GitHub does not know are left out).
    func repositoryIDs(_ fullNames: [String]) async throws(StarscopeError) -> [String: String]
}

/// One of GitHub's star Lists.
public struct StarList: Sendable, Hashable {
    public var id: String
    public var name: String
    public var description: String
    public var isPrivate: Bool
    public var repositories: [Item]

    /// A repository in a List: its GraphQL id and full name.
    public struct Item: Sendable, Hashable {
        public var id: String
        public var fullName: String

        public init(id: String, fullName: String) {
            self.id = id
            self.fullName = fullName
        }
    }

    public init(id: String, name: String, description: String, isPrivate: Bool, repositories: [Item]) {
        self.id = id
        self.name = name
        self.description = description
        self.isPrivate = isPrivate
        self.repositories = repositories
    }
}
