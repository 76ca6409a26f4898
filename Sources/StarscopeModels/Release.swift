import Foundation

/// A published release of a repository (`GET /repos/{owner}/{repo}/releases`), with GitHub's field names.
public struct Release: Codable, Hashable, Sendable, Identifiable {
    public var id: Int64
    public var tagName: String
    /// The release's title; GitHub sends null or "" when it has none (show the tag then).
    public var name: String?
    public var body: String?
    public var draft: Bool
    public var prerelease: Bool
    public var createdAt: Date?
    public var publishedAt: Date?
    public var htmlURL: String
    public var author: Account?

    public init(
        id: Int64, tagName: String, name: String? = nil, body: String? = nil, draft: Bool = false, prerelease: Bool = false,
        createdAt: Date? = nil, publishedAt: Date? = nil, htmlURL: String, author: Account? = nil
    ) {
        self.id = id
        self.tagName = tagName
        self.name = name
        self.body = body
        self.draft = draft
        self.prerelease = prerelease
        self.createdAt = createdAt
        self.publishedAt = publishedAt
        self.htmlURL = htmlURL
        self.author = author
    }

    /// The title to show: the name, or the tag when the name is empty.
    public var title: String {
        guard let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return tagName }
        return name
    }

    enum CodingKeys: String, CodingKey {
        case id, name, body, draft, prerelease, author
        case tagName = "tag_name"
        case createdAt = "created_at"
        case publishedAt = "published_at"
        case htmlURL = "html_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        tagName = try c.decode(String.self, forKey: .tagName)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        draft = try c.decodeIfPresent(Bool.self, forKey: .draft) ?? false
        prerelease = try c.decodeIfPresent(Bool.self, forKey: .prerelease) ?? false
        createdAt = try c.decodeIfPresent(Date.self, forKey: .createdAt)
        publishedAt = try c.decodeIfPresent(Date.self, forKey: .publishedAt)
        htmlURL = try c.decode(String.self, forKey: .htmlURL)
        author = try? c.decodeIfPresent(Account.self, forKey: .author)
    }

    /// Encodes every field, writing `null` for absent values as GitHub does.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(tagName, forKey: .tagName)
        try c.encode(name, forKey: .name)
        try c.encode(body, forKey: .body)
        try c.encode(draft, forKey: .draft)
        try c.encode(prerelease, forKey: .prerelease)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(publishedAt, forKey: .publishedAt)
        try c.encode(htmlURL, forKey: .htmlURL)
        try c.encode(author, forKey: .author)
    }
}
