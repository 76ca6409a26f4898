import Foundation
import GRDB
import StarscopeModels

/// A favourite: the repository's full snapshot, so that list and detail work offline, kept for
/// one account ("" for the one user of a server without accounts, and for the terminal).
struct FavoriteRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

    static let databaseTableName = "favorite"

    var account: String
    var repositoryID: Int64
    var fullName: String
    var snapshot: Data
    var addedAt: Date
    var updatedAt: Date
    var note: String
    var starredOnGitHub: Bool?

    init(
        repository: Repository, account: String, addedAt: Date, updatedAt: Date, note: String = "", starredOnGitHub: Bool? = nil
    ) throws {
        self.starredOnGitHub = starredOnGitHub
        self.note = note
        self.account = account
        repositoryID = repository.id
        fullName = repository.fullName
        snapshot = Data(repository.jsonObject.bytes)
        self.addedAt = addedAt
        self.updatedAt = updatedAt
    }

    func favorite(tags: [String] = []) throws -> Favorite {
        Favorite(
            repository: try JSONDecoder.gitHub().decode(Repository.self, from: snapshot), addedAt: addedAt, updatedAt: updatedAt,
            note: note, tags: tags, starredOnGitHub: starredOnGitHub)
    }

    static func key(account: String, repositoryID: Int64) -> [String: any DatabaseValueConvertible] {
        ["account": account, "repositoryID": repositoryID]
    }
}

/// A favourite as the app sees it.
public struct Favorite: Sendable, Hashable {
    public var repository: Repository
    public var addedAt: Date
    /// When the snapshot was last refreshed from GitHub.
    public var updatedAt: Date
    /// The person's own note ("" for none).
    public var note: String
    /// The person's own tags, sorted.
    public var tags: [String]
    /// Whether it is starred on GitHub, when Starscope knows (it starred, unstarred or synced it).
    public var starredOnGitHub: Bool?

    public init(
        repository: Repository, addedAt: Date, updatedAt: Date, note: String = "", tags: [String] = [], starredOnGitHub: Bool? = nil
    ) {
        self.starredOnGitHub = starredOnGitHub
        self.repository = repository
        self.addedAt = addedAt
        self.updatedAt = updatedAt
        self.note = note
        self.tags = tags
    }
}
