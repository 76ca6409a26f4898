/// Someone who committed to a repository (`GET /repos/{owner}/{repo}/contributors`), most
/// contributions first, with GitHub's field names: an `Account` plus a count.
public struct Contributor: Codable, Hashable, Sendable, Identifiable {
    public var account: Account
    /// How many commits GitHub counts for them.
    public var contributions: Int

    public var id: Int64 { account.id }
    public var login: String { account.login }
    public var avatarURL: String? { account.avatarURL }
    public var htmlURL: String? { account.htmlURL }
    public var kind: AccountKind { account.kind }

    public init(id: Int64, login: String, avatarURL: String? = nil, htmlURL: String? = nil, kind: AccountKind = .user, contributions: Int) {
        account = Account(id: id, login: login, avatarURL: avatarURL, htmlURL: htmlURL, kind: kind)
        self.contributions = contributions
    }

    enum CodingKeys: String, CodingKey {
        case contributions
    }

    /// The account's fields and `contributions`, side by side in one object, as GitHub sends them.
    public init(from decoder: any Decoder) throws {
        account = try Account(from: decoder)
        contributions = try decoder.container(keyedBy: CodingKeys.self).decodeCount(forKey: .contributions) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        try account.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(contributions, forKey: .contributions)
    }
}
