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

    init(repository: Repository, account: String, addedAt: Date, updatedAt: Date) throws {
        self.account = account
        repositoryID = repository.id
        fullName = repository.fullName
        snapshot = Data(repository.jsonObject.bytes)
        self.addedAt = addedAt
        self.updatedAt = updatedAt
    }

    func favorite() throws -> Favorite {
        Favorite(repository: try JSONDecoder.gitHub().decode(Repository.self, from: snapshot), addedAt: addedAt, updatedAt: updatedAt)
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
}
