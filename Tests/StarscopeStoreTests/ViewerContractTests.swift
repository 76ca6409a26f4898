import Foundation
import StarscopeModels
import StarscopeTestSupport
import Testing

@testable import StarscopeStore

/// The audience rule, read by read: a store holding two accounts' private repositories and a
/// doctored import is asked every read of its interface as each kind of viewer, on SQLite and on
/// PostgreSQL. Each viewer may find its own things and public ones; nothing else, in rows, counts,
/// tags, updates or shared history.
@Suite struct ViewerContractTests {
    static let day = Date(timeIntervalSince1970: 1_750_000_000)
    static let mona = Viewer.account(AccountKey(userID: 101))
    static let eve = Viewer.account(AccountKey(userID: 202))
    static let stranger = Viewer.account(AccountKey(userID: 303))

    /// What belongs to whom: each private thing is named by strings that must not reach anyone else.
    struct Secret {
        let owner: Viewer
        let marks: [String]
    }

    static let secrets = [
        Secret(owner: mona, marks: ["mona/secret", "MONA-NOTE", "mona-tag", "released mona-v1"]),
        Secret(owner: eve, marks: ["eve/diary", "EVE-NOTE", "eve-tag", "released eve-v1"]),
        // Eve's import claims a public repository with a doctored description and star count.
        Secret(owner: eve, marks: ["DOCTORED", "987654", "987,654"]),
    ]

    static func secret(_ id: Int64, _ fullName: String, stars: Int) -> Repository {
        var repository = makeRepository(id, fullName, stars: stars)
        repository.isPrivate = true
        repository.visibility = "private"
        return repository
    }

    static func filled(_ kind: StoreKind) async throws -> any Store {
        let store = try await kind.make()
        let shared = makeRepository(1, "apple/swift", stars: 60_000)
        try await store.addFavorite(shared, for: .owner, at: day)
        try await store.observe([shared], for: .owner, at: day)
        try await store.observe([makeRepository(1, "apple/swift", stars: 60_010)], for: .owner, at: day + 3_600)

        for (viewer, id, name, tag) in [(mona, Int64(7), "mona/secret", "mona"), (eve, Int64(17), "eve/diary", "eve")] {
            let first = secret(id, name, stars: 40)
            try await store.addFavorite(first, for: viewer, at: day)
            try await store.setNote("\(tag.uppercased())-NOTE", fullName: name, for: viewer)
            try await store.changeTags(["\(tag)-tag"], remove: false, fullName: name, for: viewer)
            try await store.observe([first], for: viewer, at: day)
            let later = secret(id, name, stars: 45)
            try await store.observe([later], for: viewer, at: day + 3_600)
            let weeks = [StarHistoryWeek(week: 1_749_945_600, total: 5, days: [1, 1, 1, 1, 1, 0, 0])]
            try await store.saveGitHubStarWeeks(GitHubStarWeeks(repositoryID: id, weeks: weeks, fetchedAt: day), of: later)
            try await store.saveRecentStarWeeks(of: later, weeks: weeks, at: day)
            let watch = RepositoryWatch(
                repositoryID: id, fullName: name, stars: 45, archived: false, latestRelease: "\(tag)-v1", checkedAt: day)
            let update = Update(
                key: "release \(id) \(tag)-v1", kind: .release, repositoryID: id, fullName: name, occurredAt: day,
                summary: "released \(tag)-v1", htmlURL: "https://github.com/\(name)/releases/tag/\(tag)-v1")
            try await store.record(watch, updates: [update], of: later, checkedFor: viewer)
            try await store.record(
                WatchProblem(
                    for: viewer, repositoryID: id, fullName: name, problem: "\(name) answered 500", gone: false, since: day,
                    checkedAt: day),
                updates: [])
        }
        var doctored = makeRepository(9_999, "octo/kit", stars: 987_654)
        doctored.description = "DOCTORED"
        _ = try await store.addImported(
            [ImportedFavorite(repository: doctored, addedAt: day, note: "", tags: ["imported"])], for: eve, at: day)
        return store
    }

    /// Every read that takes a viewer, as that viewer, written out so that any field can be searched.
    static func everythingSeen(by viewer: Viewer, in store: any Store) async throws -> [String: String] {
        var seen: [String: String] = [:]
        seen["favorites"] = "\(try await store.favorites(for: viewer, tag: nil))"
        for tag in ["mona-tag", "eve-tag", "imported"] {
            seen["favorites tagged \(tag)"] = "\(try await store.favorites(for: viewer, tag: tag))"
        }
        for name in ["mona/secret", "eve/diary", "octo/kit", "apple/swift"] {
            seen["favorite \(name)"] = "\(String(describing: try await store.favorite(fullName: name, for: viewer)))"
            seen["snapshot \(name)"] = "\(String(describing: try await store.snapshot(fullName: name, for: viewer)))"
        }
        seen["tags"] = "\(try await store.favoriteTags(for: viewer))"
        seen["favourite ids"] = "\(try await store.favoriteIDs(for: viewer).sorted())"
        seen["updates"] = "\(try await store.updates(for: viewer, unseenOnly: false, since: nil))"
        seen["unseen count"] = "\(try await store.unseenUpdateCount(for: viewer))"
        seen["watch problems"] = "\(try await store.watchProblems(for: viewer))"
        seen["watched"] = "\(try await store.watchedRepositories(for: viewer))"
        for id: Int64 in [1, 7, 17, 9_999] {
            seen["watch \(id)"] = "\(String(describing: try await store.watch(repositoryID: id, for: viewer)))"
        }
        return seen
    }

    /// The reads that take no viewer are shared by everyone: they may hold public repositories only.
    static func everythingShared(in store: any Store) async throws -> [String: String] {
        var shared: [String: String] = [:]
        for id: Int64 in [7, 17, 9_999] {
            shared["star history \(id)"] = "\(try await store.starHistory(repositoryID: id))"
            // Asked with a public-looking copy, as a doctored answer would: nothing of the secret comes back.
            let lookalike = makeRepository(id, "x/lookalike")
            shared["GitHub's history \(id)"] = "\(String(describing: try await store.gitHubStarWeeks(of: lookalike)))"
            shared["star records \(id)"] = "\(try await store.keptStarHistory(of: lookalike))"
            shared["newest weeks \(id)"] = "\(String(describing: try await store.recentStarWeeks(of: lookalike)))"
        }
        shared["star histories"] = "\(try await store.starHistories(repositoryIDs: [1, 7, 17, 9_999]))"
        shared["star gains"] = "\(try await store.starGains(since: .distantPast))"
        shared["recent weeks"] = "\(try await store.recentStarWeeks(since: .distantPast))"
        shared["breaking-out candidates"] =
            "\(try await store.breakingOutCandidates(seenSince: .distantPast, staleBefore: .distantFuture, limit: 100))"
        return shared
    }

    static let viewers: [Viewer] = [.owner, mona, eve, stranger, .guest, .everyone]

    @Test(arguments: StoreKind.allCases) func eachViewerReadsOnlyWhatIsItsOwnOrPublic(kind: StoreKind) async throws {
        let store = try await Self.filled(kind)
        for viewer in Self.viewers {
            let seen = try await Self.everythingSeen(by: viewer, in: store)
            for secret in Self.secrets where secret.owner != viewer {
                for mark in secret.marks {
                    let leaks = seen.filter { $0.value.contains(mark) }.keys.sorted()
                    #expect(leaks.isEmpty, "\(viewer) read \(mark) in \(leaks)")
                }
            }
            // And what is the viewer's own is there: the rule hides nothing from its owner.
            for secret in Self.secrets where secret.owner == viewer {
                #expect(seen["favorites"]?.contains(secret.marks[0]) == true, "\(viewer) lost \(secret.marks[0])")
            }
            // The public favourite is the owner's; its shared history is everyone's.
            #expect(seen["favorite apple/swift"]?.contains("apple/swift") == (viewer == .owner))
        }
        #expect(try await store.updates(for: Self.mona, unseenOnly: false, since: nil).map(\.summary) == ["released mona-v1"])
        #expect(try await store.unseenUpdateCount(for: Self.eve) == 1)
        #expect(try await store.favoriteTags(for: Self.eve).map(\.tag).sorted() == ["eve-tag", "imported"])
    }

    @Test(arguments: StoreKind.allCases) func sharedReadsHoldPublicRepositoriesOnly(kind: StoreKind) async throws {
        let store = try await Self.filled(kind)
        let shared = try await Self.everythingShared(in: store)
        for mark in Self.secrets.flatMap(\.marks) {
            let leaks = shared.filter { $0.value.contains(mark) }.keys.sorted()
            #expect(leaks.isEmpty, "the shared reads hold \(mark) in \(leaks)")
        }
        for id: Int64 in [7, 17, 9_999] {
            #expect(try await store.starHistory(repositoryID: id).isEmpty)
            #expect(try await store.gitHubStarWeeks(of: makeRepository(id, "x/lookalike")) == nil)
            #expect(try await store.recentStarWeeks(of: makeRepository(id, "x/lookalike")) == nil)
        }
        // The updates check's own reads span every account (it asks GitHub as each of them, and reads
        // a repository's last state only after GitHub showed it to that account); no page shows them.
        #expect(try await store.watchedRepositories(for: nil).map(\.id) == [1, 7, 17, 9_999])
        #expect(try await store.watch(repositoryID: 7, for: Self.mona)?.latestRelease == "mona-v1")
        #expect(try await store.watch(repositoryID: 7, for: Self.eve) == nil)
        // The public repository's history is shared, so the rule is not simply "nothing".
        #expect(try await store.starHistory(repositoryID: 1).map(\.stars) == [60_000, 60_010])
        #expect(try await store.starGains(since: .distantPast).map(\.repository.fullName) == ["apple/swift"])
    }

    /// Guests and the public cannot write; each account's write lands in its own partition only.
    @Test(arguments: StoreKind.allCases) func onlyAccountsAndTheOwnerWrite(kind: StoreKind) async throws {
        let store = try await Self.filled(kind)
        for viewer in [Viewer.guest, .everyone] {
            await #expect(throws: StoreError.readOnly) {
                try await store.addFavorite(makeRepository(2, "a/b"), for: viewer, at: Self.day)
            }
            await #expect(throws: StoreError.readOnly) {
                try await store.setNote("x", fullName: "apple/swift", for: viewer)
            }
        }
        // Eve cannot reach Mona's favourite by its name.
        #expect(try await store.setNote("eve wrote this", fullName: "mona/secret", for: Self.eve) == false)
        #expect(try await store.removeFavorite(fullName: "mona/secret", for: Self.eve, at: Self.day) == false)
        #expect(try await store.favorite(fullName: "mona/secret", for: Self.mona)?.note == "MONA-NOTE")
    }

    /// Forget me leaves nothing of the account's private repositories anywhere in the store: not
    /// in its partition, and not in the tables every check reads (`repositoryWatch`).
    @Test(arguments: StoreKind.allCases) func forgetMeLeavesNoWatchOfAPrivateRepository(kind: StoreKind) async throws {
        let store = try await Self.filled(kind)
        let before = try await StoreDump.text(of: store)
        #expect(before.contains("mona/secret") && before.contains("mona-v1"))
        guard case .account(let key) = Self.mona else { return }
        #expect(try await store.forgetAccount(key))
        let after = try await StoreDump.text(of: store)
        for mark in ["mona/secret", "mona-v1", "MONA-NOTE", "mona-tag"] {
            #expect(!after.contains(mark), "\(mark) is still in the store")
        }
        #expect(after.contains("eve/diary"), "the other account's things stay")
    }
}
