import Foundation

/// Whether an account is a person or an organisation (GitHub's `type`).
public enum AccountKind: String, Codable, Hashable, Sendable {
    case user = "User"
    case organization = "Organization"
    case bot = "Bot"

    public init(from decoder: any Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = AccountKind(rawValue: raw) ?? .user
    }
}

/// The short form of a user or organisation that GitHub embeds in other objects
/// (a repository's `owner`, an item of `GET /users`).
public struct Account: Codable, Hashable, Sendable, Identifiable {
    public var id: Int64
    public var login: String
    public var avatarURL: String?
    public var htmlURL: String?
    public var kind: AccountKind

    public init(
        id: Int64,
        login: String,
        avatarURL: String? = nil,
        htmlURL: String? = nil,
        kind: AccountKind = .user
    ) {
        self.id = id
        self.login = login
        self.avatarURL = avatarURL
        self.htmlURL = htmlURL
        self.kind = kind
    }

    enum CodingKeys: String, CodingKey {
        case id, login
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
        case kind = "type"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        login = try c.decode(String.self, forKey: .login)
        avatarURL = try c.decodeIfPresent(String.self, forKey: .avatarURL).flatMap { $0.isEmpty ? nil : $0 }
        htmlURL = try c.decodeIfPresent(String.self, forKey: .htmlURL)
        kind = try c.decodeIfPresent(AccountKind.self, forKey: .kind) ?? .user
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(login, forKey: .login)
        try c.encode(avatarURL, forKey: .avatarURL)
        try c.encode(htmlURL, forKey: .htmlURL)
        try c.encode(kind, forKey: .kind)
    }
}

/// The full profile of a user or organisation, from `GET /users/{login}` or `GET /user`.
public struct Profile: Codable, Hashable, Sendable, Identifiable {
    public var id: Int64
    public var login: String
    public var kind: AccountKind
    public var avatarURL: String?
    public var htmlURL: String?
    public var name: String?
    public var company: String?
    public var blog: String?
    public var location: String?
    public var email: String?
    public var bio: String?
    public var publicRepos: Int
    public var followers: Int
    public var following: Int
    public var createdAt: Date?

    public init(
        id: Int64,
        login: String,
        kind: AccountKind = .user,
        avatarURL: String? = nil,
        htmlURL: String? = nil,
        name: String? = nil,
        company: String? = nil,
        blog: String? = nil,
        location: String? = nil,
        email: String? = nil,
        bio: String? = nil,
        publicRepos: Int = 0,
        followers: Int = 0,
        following: Int = 0,
        createdAt: Date? = nil
    ) {
        self.id = id
        self.login = login
        self.kind = kind
        self.avatarURL = avatarURL
        self.htmlURL = htmlURL
        self.name = name
        self.company = company
        self.blog = blog
        self.location = location
        self.email = email
        self.bio = bio
        self.publicRepos = publicRepos
        self.followers = followers
        self.following = following
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, login, name, company, blog, location, email, bio, followers, following
        case kind = "type"
        case avatarURL = "avatar_url"
        case htmlURL = "html_url"
        case publicRepos = "public_repos"
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        login = try c.decode(String.self, forKey: .login)
        kind = try c.decodeIfPresent(AccountKind.self, forKey: .kind) ?? .user
        avatarURL = try c.decodeIfPresent(String.self, forKey: .avatarURL).flatMap { $0.isEmpty ? nil : $0 }
        htmlURL = try c.decodeIfPresent(String.self, forKey: .htmlURL)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        company = try c.decodeIfPresent(String.self, forKey: .company)
        blog = try c.decodeIfPresent(String.self, forKey: .blog)
        location = try c.decodeIfPresent(String.self, forKey: .location)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        bio = try c.decodeIfPresent(String.self, forKey: .bio)
        publicRepos = try c.decodeCount(forKey: .publicRepos) ?? 0
        followers = try c.decodeCount(forKey: .followers) ?? 0
        following = try c.decodeCount(forKey: .following) ?? 0
        createdAt = try c.decodeIfPresent(Date.self, forKey: .createdAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(login, forKey: .login)
        try c.encode(kind, forKey: .kind)
        try c.encode(avatarURL, forKey: .avatarURL)
        try c.encode(htmlURL, forKey: .htmlURL)
        try c.encode(name, forKey: .name)
        try c.encode(company, forKey: .company)
        try c.encode(blog, forKey: .blog)
        try c.encode(location, forKey: .location)
        try c.encode(email, forKey: .email)
        try c.encode(bio, forKey: .bio)
        try c.encode(publicRepos, forKey: .publicRepos)
        try c.encode(followers, forKey: .followers)
        try c.encode(following, forKey: .following)
        try c.encode(createdAt, forKey: .createdAt)
    }
}
