import Foundation

/// What changed on the fake's repositories while it runs, by repository position.
struct RepositoryChanges: Sendable {
    var stars: [Int]
    /// Renamed (or transferred): position → current owner and name.
    var renames: [Int: (owner: String, name: String)] = [:]
    /// Releases published, newest first.
    var published: [Int: [FakeRelease]] = [:]
    var archivedNow: Set<Int> = []
    /// Star counts set as if the repository had always had them (spread over its history).
    var historyStars: [Int: Int] = [:]
    /// Private repositories: position → the lower-cased logins that may see it (its owner first).
    var privateViewers: [Int: Set<String>] = [:]
    /// Emptied: as if just created, with no commits.
    var emptied: Set<Int> = []
    /// Names that answer `301`: lower-cased `owner/name` → position (seeded, and every rename's old name).
    var formerNames: [String: Int] = [:]
}

/// The fake's tokens: who each belongs to, its scopes, and what each login starred.
struct TokenAccounts: Sendable {
    /// Valid tokens and the login each belongs to.
    var tokens: [String: String]
    /// Who `GET /user` says a token belongs to when a test changed it: GitHub's user id and login
    /// (a person who renamed their account, or a newcomer who took a login someone gave up).
    var identities: [String: (id: Int64, login: String)] = [:]
    /// The OAuth scopes of tokens that do not have every scope (`repo` and `user`).
    var tokenScopes: [String: [String]] = [:]
    var starredByLogin: [String: Set<Int64>] = [:]
}

/// Faults a test switched on.
struct FaultState: Sendable {
    var faults: [FaultRule] = []
    /// Counts `POST /_fake/faults/release`: a slow answer waiting when it changes goes at once.
    var releases = 0
    /// `x-ratelimit-*` values sent as given instead of the buckets' (a hostile upstream), by
    /// header name without the prefix (`limit`, `remaining`, `reset`, `used`).
    var rateLimitHeaderOverride: [String: String]?
}

/// Star Lists by lower-cased owner login, and what GraphQL changed.
struct ListState: Sendable {
    var starLists: [String: [FakeStarList]] = [:]
    /// How many Lists were made while the fake runs (for their ids).
    var listsMade = 0
    /// The root fields of every GraphQL mutation received, in order (`createUserList`, …).
    var graphQLMutations: [String] = []
}
