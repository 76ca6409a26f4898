import Foundation
import GRDB

/// Why a favourite could not be checked for updates the last time it was tried: the sentence to
/// show, whether GitHub no longer has it (`gone`: checked less often), since when, and when it
/// was last tried. A successful check removes it.
public struct WatchProblem: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

    public static let databaseTableName = "watchProblem"

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

extension AppDatabase {
    /// Saves why a watched repository could not be checked with `problem.account`'s token
    /// (replacing what that account knew) and gives `updates` to that account alone, when it
    /// has the repository as a favourite: what one token cannot see says nothing of another's.
    public func record(_ problem: WatchProblem, updates: [Update]) async throws(StoreError) {
        try await write { db in
            try problem.save(db)
            let favourite = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM favorite WHERE repositoryID = ? AND account = ?",
                arguments: [problem.repositoryID, problem.account])
            guard favourite == true else { return }
            for var update in updates {
                update.account = problem.account
                try update.insert(db, onConflict: .ignore)
            }
        }
    }

    /// The favourites that could not be checked: `viewer`'s, or everyone's (nil), by name.
    public func watchProblems(for viewer: Viewer?) async throws(StoreError) -> [WatchProblem] {
        if let viewer, viewer.partition == nil { return [] }
        let account = viewer?.partition
        return try await read { db in
            try WatchProblem.fetchAll(
                db,
                sql: """
                    SELECT watchProblem.* FROM watchProblem
                    WHERE (? IS NULL OR account = ?)
                    AND repositoryID IN (SELECT repositoryID FROM favorite WHERE favorite.account = watchProblem.account)
                    ORDER BY fullName
                    """, arguments: [account, account])
        }
    }
}
