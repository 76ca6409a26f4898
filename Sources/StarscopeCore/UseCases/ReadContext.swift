import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// Progress of a list that takes several requests: pages loaded so far and pages expected.
public typealias PageProgress = @Sendable (_ loaded: Int, _ expected: Int) -> Void

/// GitHub and the store as one viewer reads them: what the read-only use cases shared by the
/// terminal and the web app are made from (`lists`, `details`, `people`, `search`, `history`).
public struct ReadContext: UseCase {
    public let client: GitHubClient
    /// Where star counts and favourites are kept; nil for a memoryless reading context.
    public let database: (any Store)?
    /// The current time; injected so that timeframes can be tested on any date.
    public let now: @Sendable () -> Date
    /// Whose eyes GitHub's answers are read through: the owner's or an account's token sees its
    /// private repositories; a guest and everyone, on the server's token, see public ones only
    /// (the audience rule, `Viewer+Audience.swift`).
    public let viewer: Viewer
    /// The requests first histories have claimed of the token's rate limit, shared by every copy
    /// of this reading context.
    let budget: RequestBudget

    public init(
        client: GitHubClient, database: (any Store)? = nil, viewer: Viewer, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(client: client, database: database, viewer: viewer, now: now, budget: RequestBudget())
    }

    init(
        client: GitHubClient, database: (any Store)?, viewer: Viewer, now: @escaping @Sendable () -> Date, budget: RequestBudget
    ) {
        self.client = client
        self.database = database
        self.viewer = viewer
        self.now = now
        self.budget = budget
    }

    /// The same client and store, read through `viewer`'s eyes.
    public func viewed(by viewer: Viewer) -> ReadContext {
        ReadContext(client: client, database: database, viewer: viewer, now: now, budget: budget)
    }

    /// The same reading context, its GitHub requests answered by a cache as `cacheUse` says.
    func using(_ cacheUse: GitHubRequest.CacheUse) -> ReadContext {
        ReadContext(client: client.using(cacheUse), database: database, viewer: viewer, now: now, budget: budget)
    }

    /// The ids of `viewer`'s favourites, to mark them in any list.
    public func favoriteIDs(for viewer: Viewer) async -> Set<Int64> {
        (try? await database?.favoriteIDs(for: viewer)) ?? []
    }

}

extension ReadContext {
    var context: ReadContext { self }

    /// New & popular and an account's repositories.
    public var lists: RepositoryLists { RepositoryLists(context: self) }
    /// One repository and its sections.
    public var details: RepositoryDetails { RepositoryDetails(context: self) }
    /// Accounts: GitHub's list, a profile, recent activity.
    public var people: People { People(context: self) }
    /// GitHub's search of repositories and of accounts.
    public var search: Searches { Searches(context: self) }
    /// A repository's star history.
    public var history: StarHistories { StarHistories(context: self) }
}
