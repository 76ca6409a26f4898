import Foundation

/// Why a favourite could not be checked for updates the last time it was tried: the sentence to
/// show, whether GitHub no longer has it (`gone`: checked less often), since when, and when it
/// was last tried. A successful check removes it.
public struct WatchProblem: Codable, Sendable, Hashable {
    /// Whose check found it, as the token it was checked with (`Viewer.tokenHolder`): each
    /// account's favourites are checked with its own token, everyone else's with the server's.
    public var viewer: Viewer
    public var repositoryID: Int64
    public var fullName: String
    public var problem: String
    public var gone: Bool
    public var since: Date
    public var checkedAt: Date

    public init(for viewer: Viewer, repositoryID: Int64, fullName: String, problem: String, gone: Bool, since: Date, checkedAt: Date) {
        // Guests and everyone read on the server's token, which the owner's favourites are checked with.
        self.viewer = viewer.accountKey.map { .account($0) } ?? .owner
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.problem = problem
        self.gone = gone
        self.since = since
        self.checkedAt = checkedAt
    }

    /// The stored form's columns: the viewer is kept in `account`.
    enum CodingKeys: String, CodingKey {
        case viewer = "account", repositoryID, fullName, problem, gone, since, checkedAt
    }
}
