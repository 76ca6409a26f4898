import Foundation

/// Why a favourite could not be checked for updates the last time it was tried: the sentence to
/// show, whether GitHub no longer has it (`gone`: checked less often), since when, and when it
/// was last tried. A successful check removes it.
public struct WatchProblem: Codable, Sendable, Hashable {
    /// Whose check found it (`Viewer.tokenHolder`): each account's favourites are checked with its own token.
    public var account: String

    /// Whose check found it.
    public var viewer: Viewer { Viewer(stored: account) }
    public var repositoryID: Int64
    public var fullName: String
    public var problem: String
    public var gone: Bool
    public var since: Date
    public var checkedAt: Date

    public init(for viewer: Viewer, repositoryID: Int64, fullName: String, problem: String, gone: Bool, since: Date, checkedAt: Date) {
        self.init(
            account: viewer.tokenHolder, repositoryID: repositoryID, fullName: fullName, problem: problem, gone: gone, since: since,
            checkedAt: checkedAt)
    }

    public init(account: String, repositoryID: Int64, fullName: String, problem: String, gone: Bool, since: Date, checkedAt: Date) {
        self.account = account
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.problem = problem
        self.gone = gone
        self.since = since
        self.checkedAt = checkedAt
    }
}
