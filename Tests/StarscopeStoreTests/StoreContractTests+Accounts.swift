import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// Accounts by GitHub's user id, adoption of accounts made before ids were kept, a login taken
/// over by someone else, "Forget me" and "Sign out everywhere": on SQLite and on PostgreSQL.
extension StoreContractTests {
    /// A favourite with a note and a tag, an update and a session for `account`: the session's secret.
    static func giveData(_ store: any Store, account: String, repository: Int64, at date: Date = day) async throws -> String {
        let name = "o/r\(repository)"
        try await store.addFavorite(makeRepository(repository, name), for: Viewer(stored: account), at: date)
        #expect(try await store.setNote("note of \(account)", fullName: name, for: Viewer(stored: account)))
        #expect(try await store.changeTags(["mine"], remove: false, fullName: name, for: Viewer(stored: account)))
        let update = Update(
            key: "\(repository) release v1", kind: .release, repositoryID: repository, fullName: name, occurredAt: date,
            summary: "\(name) released v1", htmlURL: "https://github.com/\(name)")
        try await store.record(
            RepositoryWatch(repositoryID: repository, fullName: name, stars: 10, archived: false, latestRelease: "v1", checkedAt: date),
            updates: [update], of: makeRepository(repository, name), checkedFor: Viewer(stored: account))
        try await store.record(
            WatchProblem(
                for: Viewer(stored: account), repositoryID: repository, fullName: name, problem: "404", gone: true, since: date,
                checkedAt: date), updates: [])
        let (secret, session) = WebSession.make(for: Viewer(stored: account), lifetime: 3_600, now: date)
        try await store.saveSession(session)
        return secret
    }

    /// What `account` has: favourites' names, notes, tags, updates' names, unchecked favourites.
    static func data(_ store: any Store, account: String) async throws -> [String] {
        let favorites = try await store.favorites(for: Viewer(stored: account), tag: nil)
        let updates = try await store.updates(for: Viewer(stored: account), unseenOnly: false, since: nil)
        let problems = try await store.watchProblems(for: Viewer(stored: account))
        return favorites.map { "\($0.repository.fullName) \($0.note) \($0.tags)" } + updates.map { "update \($0.fullName)" }
            + problems.map { "problem \($0.fullName)" }
    }

    @Test(arguments: StoreKind.allCases) func accountsAreKeptByGitHubsIDAndFollowARename(kind: StoreKind) async throws {
        let store = try await kind.make()
        let first = try await store.signIn(userID: 41, login: "Mona", sealedToken: Data([1]), at: Self.day)
        #expect(first.account.key.rawValue == "#41")
        #expect(first.account.userID == 41)
        #expect(try await store.account(login: "MONA")?.key.rawValue == "#41")
        #expect(try await store.account(key: AccountKey("#41"))?.sealedToken == Data([1]))
        try await store.setTheme("dark", account: AccountKey("#41"))
        _ = try await Self.giveData(store, account: "#41", repository: 1)

        // Renamed on GitHub: the same id, the same account and data, under the new login.
        let renamed = try await store.signIn(userID: 41, login: "octo-mona", sealedToken: Data([2]), at: Self.day + 10)
        #expect(renamed == .signedIn(try #require(try await store.account(key: AccountKey("#41")))))
        #expect(renamed.account.login.lowercased() == "octo-mona")
        #expect(renamed.account.theme == "dark")
        #expect(renamed.account.createdAt == Self.day)
        #expect(renamed.account.signedInAt == Self.day + 10)
        #expect(try await store.account(login: "mona") == nil)
        #expect(try await Self.data(store, account: "#41").count == 3)
    }

    @Test(arguments: StoreKind.allCases) func anAccountFromBeforeIDsIsAdoptedOnceWithItsData(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.saveAccount(login: "Mona", sealedToken: Data([1]), at: Self.day)
        let legacy = try #require(try await store.account(login: "mona"))
        #expect(legacy.userID == nil)
        let oldSecret = try await Self.giveData(store, account: legacy.key.rawValue, repository: 1)
        let before = try await Self.data(store, account: legacy.key.rawValue)
        #expect(before.count == 3)

        let adopted = try await store.signIn(userID: 7, login: "mona", sealedToken: Data([2]), at: Self.day + 1)
        guard case .adopted(let record) = adopted else {
            Issue.record("not adopted: \(adopted)")
            return
        }
        #expect(record.key.rawValue == "#7")
        #expect(record.createdAt == Self.day)
        #expect(try await Self.data(store, account: "#7") == before)
        #expect(try await Self.data(store, account: legacy.key.rawValue).isEmpty)
        #expect(try await store.favoriteIDs(for: Viewer(stored: "#7")) == [1])
        // Sessions started under the old key end; the next sign-in is no adoption.
        #expect(try await store.session(secret: oldSecret, now: Self.day + 2) == nil)
        #expect(
            try await store.signIn(userID: 7, login: "mona", sealedToken: Data([3]), at: Self.day + 3)
                == .signedIn(
                    try #require(try await store.account(key: AccountKey("#7")))))
    }

    @Test(arguments: StoreKind.allCases) func whoeverTakesOverARenamedLoginGetsNothingOfTheOldOwners(kind: StoreKind) async throws {
        let store = try await kind.make()
        _ = try await store.signIn(userID: 1, login: "alice", sealedToken: Data([1]), at: Self.day)
        let secret = try await Self.giveData(store, account: "#1", repository: 1)
        try await store.setTheme("dark", account: AccountKey("#1"))
        let owners = try await Self.data(store, account: "#1")

        // Alice renamed her GitHub account; a newcomer (another id) took "alice".
        let newcomer = try await store.signIn(userID: 2, login: "Alice", sealedToken: Data([2]), at: Self.day + 1)
        #expect(newcomer.account.key.rawValue == "#2")
        #expect(newcomer.account.theme == "system")
        #expect(try await Self.data(store, account: "#2").isEmpty)
        #expect(try await store.favoriteIDs(for: Viewer(stored: "#2")).isEmpty)
        #expect(try await store.unseenUpdateCount(for: Viewer(stored: "#2")) == 0)
        #expect(try await store.account(login: "alice")?.userID == 2)
        // The old owner keeps everything, session included, under a login nobody can sign in with.
        let moved = try #require(try await store.account(key: AccountKey("#1")))
        #expect(moved.login == "#1")
        #expect(moved.sealedToken == Data([1]))
        #expect(try await Self.data(store, account: "#1") == owners)
        #expect(try await store.session(secret: secret, now: Self.day + 2)?.account == "#1")
        // …and finds it again under the new login.
        let back = try await store.signIn(userID: 1, login: "alice-2", sealedToken: Data([3]), at: Self.day + 3)
        #expect(back.account.key.rawValue == "#1" && back.account.theme == "dark")
        #expect(try await store.account(login: "alice")?.userID == 2)

        // An account from before ids were kept is moved aside too when its login comes back with an id.
        try await store.saveAccount(login: "bob", sealedToken: Data([4]), at: Self.day)
        let bobKey = try #require(try await store.account(login: "bob")).key.rawValue
        _ = try await Self.giveData(store, account: bobKey, repository: 2)
        let bobs = try await Self.data(store, account: bobKey)
        _ = try await store.signIn(userID: 3, login: "robert", sealedToken: Data([5]), at: Self.day)
        let renamedToBob = try await store.signIn(userID: 3, login: "bob", sealedToken: Data([6]), at: Self.day + 1)
        #expect(renamedToBob.account.key.rawValue == "#3")
        #expect(try await Self.data(store, account: "#3").isEmpty)
        #expect(try await Self.data(store, account: bobKey) == bobs)
        #expect(try await store.account(key: AccountKey(bobKey))?.login == "#" + bobKey)
    }

    @Test(arguments: StoreKind.allCases) func forgettingAnAccountDeletesAllOfItAndNothingOfAnothers(kind: StoreKind) async throws {
        let store = try await kind.make()
        _ = try await store.signIn(userID: 1, login: "alice", sealedToken: Data([1]), at: Self.day)
        _ = try await store.signIn(userID: 2, login: "bob", sealedToken: Data([2]), at: Self.day)
        let alices = try await Self.giveData(store, account: "#1", repository: 1)
        let bobs = try await Self.giveData(store, account: "#2", repository: 1)
        let locals = try await Self.giveData(store, account: "", repository: 1)
        let bobsData = try await Self.data(store, account: "#2")
        let localData = try await Self.data(store, account: "")

        #expect(try await store.forgetAccount(AccountKey("#1")))
        #expect(try await store.account(key: AccountKey("#1")) == nil)
        #expect(try await store.account(login: "alice") == nil)
        #expect(try await Self.data(store, account: "#1").isEmpty)
        #expect(try await store.favoriteTags(for: Viewer(stored: "#1")).isEmpty)
        #expect(try await store.session(secret: alices, now: Self.day + 1) == nil)
        // Nothing of anyone else's.
        #expect(try await Self.data(store, account: "#2") == bobsData)
        #expect(try await Self.data(store, account: "") == localData)
        #expect(try await store.session(secret: bobs, now: Self.day + 1)?.account == "#2")
        #expect(try await store.session(secret: locals, now: Self.day + 1)?.account == "")
        #expect(try await store.account(key: AccountKey("#2"))?.sealedToken == Data([2]))
        #expect(try await store.watchedRepositories(for: nil).map(\.id) == [1])
        // Twice is nothing; the one user of a server without accounts is never forgotten this way.
        #expect(try await store.forgetAccount(AccountKey("#1")) == false)
        #expect(try await Self.data(store, account: "") == localData)
    }

    @Test(arguments: StoreKind.allCases) func signingOutEverywhereEndsEverySessionOfThatAccountOnly(kind: StoreKind) async throws {
        let store = try await kind.make()
        var mine: [String] = []
        for _ in 0..<3 {
            let (secret, session) = WebSession.make(for: Viewer(stored: "#1"), lifetime: 3_600, now: Self.day)
            try await store.saveSession(session)
            mine.append(secret)
        }
        let (other, session) = WebSession.make(for: Viewer(stored: "#2"), lifetime: 3_600, now: Self.day)
        try await store.saveSession(session)
        #expect(try await store.endSessions(for: Viewer(stored: "#1")) == 3)
        for secret in mine { #expect(try await store.session(secret: secret, now: Self.day + 1) == nil) }
        #expect(try await store.session(secret: other, now: Self.day + 1)?.account == "#2")
        #expect(try await store.endSessions(for: Viewer(stored: "#1")) == 0)
    }

    @Test(arguments: StoreKind.allCases) func theKeyCheckIsKeptAndAResetDropsTokensAndSessions(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.accountsKeyState() == AccountsKeyState(sealedTokens: 0, sample: nil, check: nil))
        _ = try await store.signIn(userID: 1, login: "alice", sealedToken: Data([1, 1]), at: Self.day)
        _ = try await store.signIn(userID: 2, login: "bob", sealedToken: Data([2, 2]), at: Self.day)
        let secret = try await Self.giveData(store, account: "#1", repository: 1)
        let (guest, session) = WebSession.make(for: .guest, lifetime: 3_600, now: Self.day)
        try await store.saveSession(session)
        try await store.setAccountsKeyCheck(Data([9]))
        try await store.setAccountsKeyCheck(Data([8]))
        let state = try await store.accountsKeyState()
        #expect(state.sealedTokens == 2)
        #expect(state.sample.map { [Data([1, 1]), Data([2, 2])].contains($0) } == true)
        #expect(state.check == Data([8]))

        let reset = try await store.resetAccounts(keyCheck: Data([7]))
        #expect(reset.sessions == 2 && reset.tokens == 2)
        #expect(try await store.accountsKeyState() == AccountsKeyState(sealedTokens: 0, sample: nil, check: Data([7])))
        #expect(try await store.session(secret: secret, now: Self.day + 1) == nil)
        #expect(try await store.session(secret: guest, now: Self.day + 1) == nil)
        // The accounts and their data stay: they sign in again.
        #expect(try await store.account(key: AccountKey("#1"))?.sealedToken == Data())
        #expect(try await Self.data(store, account: "#1").count == 3)
    }
}
