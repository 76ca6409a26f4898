import GitHubAPI

/// `OWNER/NAME`, checked against GitHub's rules for logins and repository names.
public struct RepositoryName: Hashable, Sendable, CustomStringConvertible {
    public let owner: String
    public let name: String

    public init(owner: String, name: String) throws(StarscopeError) {
        guard Self.isValidLogin(owner) else {
            throw .invalidInput("\"\(owner)\" is not a valid GitHub user or organisation name.")
        }
        guard Self.isValidName(name) else {
            throw .invalidInput("\"\(name)\" is not a valid repository name.")
        }
        self.owner = owner
        self.name = name
    }

    /// Parses `OWNER/NAME`.
    public init(parsing text: String) throws(StarscopeError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw .invalidInput("\"\(text)\" is not a repository: expected OWNER/NAME.")
        }
        try self.init(owner: String(parts[0]), name: String(parts[1]))
    }

    public var description: String { "\(owner)/\(name)" }

    /// Letters, digits and hyphens, at most 39 characters (`_` for Enterprise): `GitHubName`'s rule.
    public static func isValidLogin(_ login: String) -> Bool {
        GitHubName.isValidLogin(login)
    }

    /// Letters, digits, `.`, `-` and `_`, at most 100 characters, and not `.` or `..`: `GitHubName`'s rule.
    public static func isValidName(_ name: String) -> Bool {
        GitHubName.isValidRepositoryName(name)
    }
}

extension Unicode.Scalar {
    var isASCIIAlphanumeric: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
    }
}
