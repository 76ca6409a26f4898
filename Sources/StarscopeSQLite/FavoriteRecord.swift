import Foundation
import GRDB
import StarscopeModels
import StarscopeStore

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
        snapshot = Data(repository.jsonBytes)
        self.addedAt = addedAt
        self.updatedAt = updatedAt
    }

    func favorite(tags: [String] = []) throws -> Favorite {
        Favorite(
            repository: try GitHubJSON.decode(Repository.self, from: snapshot), addedAt: addedAt, updatedAt: updatedAt,
            note: note, tags: tags, starredOnGitHub: starredOnGitHub)
    }

    static func key(account: String, repositoryID: Int64) -> [String: any DatabaseValueConvertible] {
        ["account": account, "repositoryID": repositoryID]
    }
}
