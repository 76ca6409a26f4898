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

    public var repositoryID: Int64
    public var fullName: String
    public var problem: String
    public var gone: Bool
    public var since: Date
    public var checkedAt: Date

    public init(repositoryID: Int64, fullName: String, problem: String, gone: Bool, since: Date, checkedAt: Date) {
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.problem = problem
        self.gone = gone
        self.since = since
        self.checkedAt = checkedAt
    }
}

extension AppDatabase {
    /// Saves why a watched repository could not be checked (replacing what was known) and gives
    /// `updates` to every account that has it as a favourite, each once, in one transaction.
    public func record(_ problem: WatchProblem, updates: [Update]) async throws(StoreError) {
        try await write { db in
            try problem.save(db)
            let accounts = try String.fetchAll(
                db, sql: "SELECT account FROM favorite WHERE repositoryID = ?", arguments: [problem.repositoryID])
            for account in accounts {
                for var update in updates {
                    update.account = account
                    try update.insert(db, onConflict: .ignore)
                }
            }
        }
    }

    /// The watched repositories that could not be checked: of `account`'s favourites, or of
    /// anyone's (nil), by name.
    public func watchProblems(account: String?) async throws(StoreError) -> [WatchProblem] {
        try await read { db in
            guard let account else { return try WatchProblem.order(Column("fullName")).fetchAll(db) }
            return try WatchProblem.fetchAll(
                db,
                sql: """
                    SELECT watchProblem.* FROM watchProblem
                    WHERE repositoryID IN (SELECT repositoryID FROM favorite WHERE account = ?)
                    ORDER BY fullName
                    """, arguments: [account])
        }
    }
}
