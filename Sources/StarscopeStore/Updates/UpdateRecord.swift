import Foundation
import StarscopeModels

/// Something that happened to a favourite: a star milestone, an unusual gain, a release, an
/// archive, a rename. Kept per account; `key` makes each happen once.
public struct Update: Codable, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case milestone, gain, release, archived, renamed
        /// GitHub no longer has the repository (it answers 404): deleted, made private or blocked.
        case gone
    }

    public var id: Int64?
    /// Whose update it is: nil until the store records it, once for each viewer watching the repository.
    public var viewer: Viewer?
    /// Unique per account: the kind, the repository and what it was (`milestone:42:1000`).
    public var key: String
    public var kind: Kind
    public var repositoryID: Int64
    public var fullName: String
    public var occurredAt: Date
    public var summary: String
    public var htmlURL: String
    public var seen: Bool

    /// The stored form's columns: the viewer is kept in `account`.
    enum CodingKeys: String, CodingKey {
        case id, viewer = "account", key, kind, repositoryID, fullName, occurredAt, summary, htmlURL, seen
    }

    public init(
        key: String, kind: Kind, repositoryID: Int64, fullName: String, occurredAt: Date, summary: String, htmlURL: String
    ) {
        viewer = nil
        self.key = key
        self.kind = kind
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.occurredAt = occurredAt
        self.summary = summary
        self.htmlURL = htmlURL
        seen = false
    }
}

/// What Starscope last knew of a watched repository.
public struct RepositoryWatch: Codable, Sendable, Hashable {
    public var repositoryID: Int64
    public var fullName: String
    public var stars: Int
    public var archived: Bool
    public var latestRelease: String?
    public var checkedAt: Date

    public init(repositoryID: Int64, fullName: String, stars: Int, archived: Bool, latestRelease: String?, checkedAt: Date) {
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.stars = stars
        self.archived = archived
        self.latestRelease = latestRelease
        self.checkedAt = checkedAt
    }
}
