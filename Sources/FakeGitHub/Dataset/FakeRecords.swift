import Foundation
import StarscopeModels

/// A user or organisation in the fake's world.
public struct FakeAccount: Sendable, Hashable {
    public var id: Int64
    public var login: String
    public var isOrganization: Bool
    public var name: String?
    public var company: String?
    public var blog: String?
    public var location: String?
    public var email: String?
    public var bio: String?
    public var followers: Int
    public var following: Int
    public var createdAt: Date
    /// False for the few accounts whose `avatar_url` is empty.
    public var hasAvatar: Bool
}

/// A repository in the fake's world. Star counts can move while the fake runs; see `FakeGitHub.setStars`.
public struct FakeRepository: Sendable, Hashable {
    public var id: Int64
    public var ownerID: Int64
    public var ownerLogin: String
    public var name: String
    public var description: String?
    public var fork: Bool
    public var createdAt: Date
    public var updatedAt: Date
    public var pushedAt: Date
    public var homepage: String?
    public var stars: Int
    public var forks: Int
    public var openIssues: Int
    public var language: String?
    public var topics: [String]
    public var license: (key: String, name: String, spdx: String)?
    public var archived: Bool
    public var size: Int
    /// Seen only by its owner's token (set while the fake runs: see `FakeGitHubState+Privacy`).
    public var isPrivate = false

    public var fullName: String { "\(ownerLogin)/\(name)" }

    public static func == (lhs: FakeRepository, rhs: FakeRepository) -> Bool { lhs.id == rhs.id && lhs.stars == rhs.stars }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// One public event.
public struct FakeEvent: Sendable, Hashable {
    public var id: Int64
    public var type: String
    public var actor: FakeAccount
    public var repo: FakeRepository
    public var payload: [String: JSONValue]
    public var createdAt: Date

    public static func == (lhs: FakeEvent, rhs: FakeEvent) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
