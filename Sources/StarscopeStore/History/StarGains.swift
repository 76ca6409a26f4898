import Foundation
import StarscopeModels

/// A repository's star gain over recorded history.
public struct StarGain: Sendable, Hashable {
    public var repositoryID: Int64
    public var repository: Repository
    public var gained: Int
    public var stars: Int
    /// The baseline sample's time and the latest sample's time.
    public var from: Date
    public var to: Date

    public init(repositoryID: Int64, repository: Repository, gained: Int, stars: Int, from: Date, to: Date) {
        self.repositoryID = repositoryID
        self.repository = repository
        self.gained = gained
        self.stars = stars
        self.from = from
        self.to = to
    }
}
