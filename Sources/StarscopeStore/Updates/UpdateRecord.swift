import Foundation
import GRDB
import StarscopeModels

/// Something that happened to a favourite: a star milestone, an unusual gain, a release, an
/// archive, a rename. Kept per account; `key` makes each happen once.
public struct Update: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case milestone, gain, release, archived, renamed
        /// GitHub no longer has the repository (it answers 404): deleted, made private or blocked.
        case gone
    }

    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

    public static let databaseTableName = "updateEvent"

    public var id: Int64?
    public var account: String
    /// Unique per account: the kind, the repository and what it was (`milestone:42:1000`).
    public var key: String
    public var kind: Kind
    public var repositoryID: Int64
    public var fullName: String
    public var occurredAt: Date
    public var summary: String
    public var htmlURL: String
    public var seen: Bool

    public init(
        account: String, key: String, kind: Kind, repositoryID: Int64, fullName: String, occurredAt: Date, summary: String,
        htmlURL: String
    ) {
        self.account = account
        self.key = key
        self.kind = kind
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.occurredAt = occurredAt
        self.summary = summary
        self.htmlURL = htmlURL
        seen = false
    }
}

/// What Starscope last knew of a watched repository.
public struct RepositoryWatch: Codable, FetchableRecord, PersistableRecord, Sendable, Hashable {
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        StoredDate.encodingStrategy
    }

    public static let databaseTableName = "repositoryWatch"

    public var repositoryID: Int64
    public var fullName: String
    public var stars: Int
    public var archived: Bool
    public var latestRelease: String?
    public var checkedAt: Date

    public init(repositoryID: Int64, fullName: String, stars: Int, archived: Bool, latestRelease: String?, checkedAt: Date) {
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.stars = stars
        self.archived = archived
        self.latestRelease = latestRelease
        self.checkedAt = checkedAt
    }
}

extension AppDatabase {
    public func watch(repositoryID: Int64) async throws(StoreError) -> RepositoryWatch? {
        try await read { db in try RepositoryWatch.fetchOne(db, key: repositoryID) }
    }

    /// Saves what was seen and the updates it made, for every account that favourites the
    /// repository (only the checking account, for one that is not shared), in one transaction; an
    /// update already recorded (same key) is not recorded again.
    public func record(_ watch: RepositoryWatch, updates: [Update], of repository: Repository, checkedFor viewer: Viewer)
        async throws(StoreError)
    {
        let account: String? = Viewer.mayShare(repository) ? nil : viewer.tokenHolder
        try await write { db in
            try watch.save(db)
            // Seen again: no problem any more, for the checking account (everyone's when public).
            try db.execute(
                sql: "DELETE FROM watchProblem WHERE repositoryID = ?" + (account == nil ? "" : " AND account = ?"),
                arguments: StatementArguments([watch.repositoryID] + (account.map { [$0] } ?? []) as [any DatabaseValueConvertible]))
            let accounts = try String.fetchAll(
                db, sql: "SELECT account FROM favorite WHERE repositoryID = ?" + (account == nil ? "" : " AND account = ?"),
                arguments: StatementArguments([watch.repositoryID] + (account.map { [$0] } ?? []) as [any DatabaseValueConvertible]))
            for account in accounts {
                for var update in updates {
                    update.account = account
                    try update.insert(db, onConflict: .ignore)
                }
            }
        }
    }

    /// The repositories `viewer` favourites (any account's when nil), once each.
    public func watchedRepositories(for viewer: Viewer?) async throws(StoreError) -> [(id: Int64, fullName: String)] {
        if let viewer, viewer.partition == nil { return [] }
        let account = viewer?.partition
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT repositoryID, MIN(fullName) AS fullName FROM favorite" + (account == nil ? "" : " WHERE account = ?")
                    + " GROUP BY repositoryID ORDER BY repositoryID",
                arguments: StatementArguments((account.map { [$0] } ?? []) as [any DatabaseValueConvertible])
            )
            .map { (id: $0["repositoryID"], fullName: $0["fullName"]) }
        }
    }

    /// Every viewer with at least one favourite, by key.
    public func viewersWithFavorites() async throws(StoreError) -> [Viewer] {
        try await read { db in try String.fetchAll(db, sql: "SELECT DISTINCT account FROM favorite ORDER BY account") }.map(
            Viewer.init(stored:))
    }

    /// An account's updates: unseen ones only, or everything since `since`, newest first.
    public func updates(for viewer: Viewer, unseenOnly: Bool, since: Date?) async throws(StoreError) -> [Update] {
        guard let account = viewer.partition else { return [] }
        return try await read { db in
            var request = Update.filter(Column("account") == account)
            if unseenOnly { request = request.filter(Column("seen") == false) }
            if let since { request = request.filter(Column("occurredAt") >= since.stored) }
            return try request.order(Column("occurredAt").desc, Column("id").desc).fetchAll(db)
        }
    }

    public func unseenUpdateCount(for viewer: Viewer) async throws(StoreError) -> Int {
        guard let account = viewer.partition else { return 0 }
        return try await recentReads.value("unseenUpdateCount " + account.lowercased()) { () async throws(StoreError) in
            try await read { db in try Update.filter(Column("account") == account && Column("seen") == false).fetchCount(db) }
        }
    }

    public func markUpdatesSeen(for viewer: Viewer, ids: [Int64]) async throws(StoreError) {
        let account = try viewer.writablePartition()
        guard !ids.isEmpty else { return }
        try await write { db in
            _ = try Update.filter(Column("account") == account && ids.contains(Column("id"))).updateAll(db, Column("seen").set(to: true))
        }
    }
}
