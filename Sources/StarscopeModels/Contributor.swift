/// Someone who committed to a repository (`GET /repos/{owner}/{repo}/contributors`), most
/// contributions first, with GitHub's field names.
public struct Contributor: Codable, Hashable, Sendable, Identifiable {
    public var id: Int64
    public var login: String
    public var avatarURL: String?
    public var htmlURL: String?
    public var kind: AccountKind
    /// How many commits GitHub counts for them.
    public var contributions: Int

    public init(id: Int64, login: String, avatarURL: String? = nil, htmlURL: String? = nil, kind: AccountKind = .user, contributions: Int) {
        self.id = id
        self.login = login
        self.avatarURL = avatarURL
        self.htmlURL = htmlURL
        self.kind = kind
        self.contributions = contributions
    }

    enum CodingKeys: String, CodingKey {
        case id, login, contributions
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
        contributions = try c.decodeIfPresent(Int.self, forKey: .contributions) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(login, forKey: .login)
        try c.encode(avatarURL, forKey: .avatarURL)
        try c.encode(htmlURL, forKey: .htmlURL)
        try c.encode(kind, forKey: .kind)
        try c.encode(contributions, forKey: .contributions)
    }
}
