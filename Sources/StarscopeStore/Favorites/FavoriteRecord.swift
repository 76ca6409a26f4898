import Foundation
import GRDB
import StarscopeModels

/// A favourite: the repository's full snapshot, so that list and detail work offline.
struct FavoriteRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

    static let databaseTableName = "favorite"

    var repositoryID: Int64
    var fullName: String
    var snapshot: Data
    var addedAt: Date
    var updatedAt: Date

    init(repository: Repository, addedAt: Date, updatedAt: Date) throws {
        repositoryID = repository.id
        fullName = repository.fullName
        snapshot = Data(repository.jsonObject.bytes)
        self.addedAt = addedAt
        self.updatedAt = updatedAt
    }

    func favorite() throws -> Favorite {
        Favorite(repository: try JSONDecoder.gitHub().decode(Repository.self, from: snapshot), addedAt: addedAt, updatedAt: updatedAt)
    }
}

/// A favourite as the app sees it.
public struct Favorite: Sendable, Hashable {
    public var repository: Repository
    public var addedAt: Date
    /// When the snapshot was last refreshed from GitHub.
    public var updatedAt: Date
}
