import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// GitHub's accounts: its list in id order, a profile, recent public activity.
public struct People: UseCase {
    let context: ReadContext

    /// One page of 100 of GitHub's accounts after the id `since`, and the `since` of the next page.
    public func usersPage(since: Int64?) async throws(StarscopeError) -> (items: [Account], nextSince: Int64?) {
        do {
            let result = try await client.users(since: since, perPage: 100)
            let next = result.links.next.flatMap {
                URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "since" }?.value
            }
            return (result.items, next.flatMap { Int64($0) })
        } catch {
            throw StarscopeError(error, about: .users)
        }
    }

    /// GitHub's accounts in id order, after the id `since`.
    public func users(since: Int64?, limit: Int, progress: PageProgress? = nil) async throws(StarscopeError) -> ListResult<Account> {
        let perPage = pageSize(forLimit: limit)
        return try await collect(limit: limit, perPage: perPage, about: .users, progress: progress) { () async throws(GitHubError) in
            try await client.users(since: since, perPage: perPage)
        }
    }

    /// A user's or organisation's profile.
    public func profile(login: String) async throws(StarscopeError) -> Profile {
        try Self.checkLogin(login)
        do {
            return try await client.profile(login: login)
        } catch {
            throw StarscopeError(error, about: .account(login))
        }
    }

    /// An account's recent public events, newest first.
    public func activity(login: String, limit: Int, progress: PageProgress? = nil) async throws(StarscopeError) -> ListResult<Event> {
        try Self.checkLogin(login)
        let perPage = pageSize(forLimit: limit)
        return try await collect(limit: limit, perPage: perPage, about: .account(login), progress: progress) {
            () async throws(GitHubError) in
            try await client.publicEvents(login: login, perPage: perPage)
        }
    }
}
