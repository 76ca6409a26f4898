import Foundation
import StarscopeModels

/// One recorded star count.
public struct StarSample: Codable, Sendable, Hashable {
    public init(repositoryID: Int64, fullName: String, recordedAt: Date, stars: Int) {
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.recordedAt = recordedAt
        self.stars = stars
    }

    public var repositoryID: Int64
    public var fullName: String
    public var recordedAt: Date
    public var stars: Int
}
