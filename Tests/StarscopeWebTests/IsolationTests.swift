import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StarscopeCore
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeWeb

/// People sharing one server (`--accounts --guests`, a server token) are kept apart, on SQLite and
/// on PostgreSQL: a private repository reaches only those GitHub shows it to, what one person
/// imports never changes what another sees, and each account's background checks and live counts
/// go out with its own token.
@Suite struct IsolationTests {
    static let grouesToken = AccountsTests.grouesToken
    static let serverToken = "ghp_FAKEserverTOKEN0000000000000000000000000"

    /// Two accounts (octocat, groue), a guest, and a server token of a third person, each owning
    /// a private repository; and a public repository nobody has listed.
    struct World: Sendable {
        var configuration: FakeGitHub.Configuration
        /// octocat's private repository.
        var aSecret: FakeRepository
        /// groue's private repository.
        var bSecret: FakeRepository
        /// The server token owner's private repository, new this month: on its New & popular.
        var serverSecret: FakeRepository
        var serverLogin: String
        /// A public repository no list shows: the target of a doctored import.
        var pristine: FakeRepository
        /// A public repository both accounts favourite.
        var shared: FakeRepository

        init() throws {
            var configuration = WebHarness.smallWorld()
            configuration.maxAge = 0
            let dataset = FakeGitHub(configuration).dataset
            let repositories = dataset.repositories.filter { !$0.fork }
            aSecret = try #require(repositories.first { $0.ownerLogin == "octocat" })
            bSecret = try #require(repositories.first { $0.ownerLogin == "groue" })
            let monthAgo = configuration.now.addingTimeInterval(-25 * 86_400)
            serverSecret = try #require(
                repositories.filter { $0.createdAt > monthAgo && !["octocat", "groue"].contains($0.ownerLogin) }.max { $0.stars < $1.stars }
            )
            serverLogin = serverSecret.ownerLogin
            let owners: Set = ["octocat", "groue", serverLogin]
            let yearAgo = configuration.now.addingTimeInterval(-400 * 86_400)
            let old = repositories.filter { $0.createdAt < yearAgo && !owners.contains($0.ownerLogin) }
            pristine = try #require(old.first)
            shared = try #require(old.dropFirst().first)
            configuration.tokens[IsolationTests.grouesToken] = "groue"
            configuration.tokens[IsolationTests.serverToken] = serverLogin
            configuration.privateRepositories = [aSecret.fullName, bSecret.fullName, serverSecret.fullName]
            self.configuration = configuration
        }
    }

    static func run(_ store: StoreKind, _ body: @Sendable (WebHarness, World) async throws -> Void) async throws {
        let world = try World()
        try await WebHarness.run(world.configuration, token: serverToken, accounts: true, guests: true, store: store) { web in
            try await body(web, world)
        }
    }

    static func guest(_ web: WebHarness) async throws -> String {
        let page = try await web.get("/signin")
        let csrf = try #require(
            page.headers[values: .setCookie].first { $0.hasPrefix("starscope_csrf=") }.map { String($0.prefix { $0 != ";" }) })
        let guest = try await web.post("/signin/guest", form: ["csrf": AccountsTests.csrf(csrf)], cookie: csrf)
        let session = try #require(
            guest.headers[values: .setCookie].first { $0.hasPrefix("starscope_session=") }.map { String($0.prefix { $0 != ";" }) })
        return "\(csrf); \(session)"
    }

    /// The key `login`'s account keeps its data under (`#ID`, GitHub's user id), once signed in.
    static func key(_ web: WebHarness, _ login: String) async throws -> String {
        try #require(try await web.services.database.account(login: login)).key.rawValue
    }

    static func html(_ web: WebHarness, _ uri: String, _ cookies: String) async throws -> (status: HTTPResponse.Status, html: String) {
        let response = try await web.get(uri, headers: [.cookie: cookies])
        return (response.status, String(buffer: response.body))
    }

    /// Whether a page shows `repository`: as a row of a list, or as the detail (not its "not
    /// found" or "unavailable" state, which carries the name asked for).
    static func shows(_ html: String, _ repository: FakeRepository) -> Bool {
        let detail = html.components(separatedBy: "class=\"detail-pane\"").dropFirst().first?.components(separatedBy: "</section>").first
        let rows = html.components(separatedBy: "data-repo=\"\(repository.fullName)\"").count - 1
        guard let detail, detail.contains("data-detail=\"\(repository.fullName)\"") else { return rows > 0 }
        return rows > 1 || !detail.contains("class=\"error-state")
    }

    @Test(arguments: StoreKind.allCases)
    func aPrivateRepositoryReachesOnlyThoseGitHubShowsItTo(_ store: StoreKind) async throws {
        try await Self.run(store) { web, world in
            let (a, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let (b, _) = try await AccountsTests.signIn(web, token: Self.grouesToken)
            let guest = try await Self.guest(web)

            // The fake is honest: the server's own token finds its private repository in search.
            let query = TrendingQuery(timeframe: .month)
            let ownersView = try await web.services.ownerReading.lists.trendingPage(query, page: 1).items.map(\.fullName)
            #expect(ownersView.contains(world.serverSecret.fullName))

            // Each owner opens, lists and favourites their own.
            let opened = try await Self.html(web, "/repos/\(world.aSecret.fullName)", a)
            #expect(opened.status == .ok && Self.shows(opened.html, world.aSecret))
            let toggled = try await web.post(
                "/favorites/toggle", form: ["csrf": AccountsTests.csrf(a), "repo": world.aSecret.fullName], cookie: a)
            #expect(toggled.status == .seeOther)
            #expect(Self.shows(try await Self.html(web, "/repos/\(world.bSecret.fullName)", b).html, world.bSecret))

            for viewer in [a, b, guest] {
                let home = try await Self.html(web, "/?since=month", viewer).html
                #expect(!Self.shows(home, world.serverSecret), "New & popular shows the server's private repository")
            }
            for (viewer, hidden) in [
                (b, world.aSecret), (guest, world.aSecret), (a, world.bSecret), (guest, world.serverSecret), (b, world.serverSecret),
            ] {
                let page = try await Self.html(web, "/repos/\(hidden.fullName)", viewer)
                #expect(page.status == .notFound && !Self.shows(page.html, hidden), "\(hidden.fullName) reached another viewer")
            }
            for viewer in [a, b, guest] {
                for uri in ["/rising?since=month", "/rising?since=day", "/feeds/rising.atom?since=month", "/updates", "/favorites"] {
                    let page = try await Self.html(web, uri, viewer).html
                    for secret in [world.bSecret, world.serverSecret] where !(viewer == b && secret.fullName == world.bSecret.fullName) {
                        #expect(!page.contains(secret.fullName), "\(uri) shows \(secret.fullName)")
                    }
                }
            }
            let export = try await Self.html(web, "/favorites/export", b).html
            #expect(!export.contains(world.aSecret.fullName))

            // Nothing private was shared: no history, no shared snapshot, nothing for Rising.
            let database = web.services.database
            for secret in [world.aSecret, world.bSecret, world.serverSecret] {
                #expect(try await database.starHistory(repositoryID: secret.id).isEmpty)
                #expect(try await database.snapshot(fullName: secret.fullName, for: Viewer(stored: "groue-not")) == nil)
            }
            let gains = try await database.starGains(since: Date.distantPast).map(\.repositoryID)
            #expect(!gains.contains(world.aSecret.id) && !gains.contains(world.serverSecret.id))

            // Live counts: a guest's or another account's checks never count a private repository.
            let name = try RepositoryName(parsing: world.aSecret.fullName)
            #expect(await web.services.reading.check(.repository(name)).stars.isEmpty)
            let grouesReading = try #require(await web.services.accountReading(AccountKey(try await Self.key(web, "groue"))))
            #expect(await grouesReading.check(.repository(name)).stars.isEmpty)
            let octocatsReading = try #require(await web.services.accountReading(AccountKey(try await Self.key(web, "octocat"))))
            #expect(await octocatsReading.check(.repository(name)).stars[world.aSecret.fullName] == world.aSecret.stars)

            // GitHub unreachable: still nothing private for the others; the owner keeps their copy.
            await web.fake.inject(.badGateway)
            for (viewer, hidden) in [(b, world.aSecret), (guest, world.aSecret), (guest, world.serverSecret)] {
                let page = try await Self.html(web, "/repos/\(hidden.fullName)", viewer)
                #expect(!Self.shows(page.html, hidden), "offline, \(hidden.fullName) reached another viewer")
            }
            for viewer in [a, b, guest] {
                #expect(!Self.shows(try await Self.html(web, "/?since=month", viewer).html, world.serverSecret))
            }
            let offline = try await Self.html(web, "/repos/\(world.aSecret.fullName)", a)
            #expect(Self.shows(offline.html, world.aSecret))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func whatOnePersonImportsNeverReachesAnother(_ store: StoreKind) async throws {
        try await Self.run(store) { web, world in
            let (a, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let (b, _) = try await AccountsTests.signIn(web, token: Self.grouesToken)
            let guest = try await Self.guest(web)
            let owner = world.pristine.ownerLogin
            let doctoredID: Int64 = 987_000_123
            let file = """
                {"format": "starscope-favorites", "version": 2, "exported_at": "2026-11-22T10:42:00Z", "favorites": [
                  {"added_at": "2026-11-20T08:00:00Z", "note": "", "tags": [], "repository": {
                    "id": \(doctoredID), "name": "\(world.pristine.name)", "full_name": "\(world.pristine.fullName)",
                    "owner": {"id": 1, "login": "\(owner)", "avatar_url": "https://avatars.githubusercontent.com/u/1?v=4",
                              "html_url": "https://github.com/\(owner)", "type": "User"},
                    "description": "DOCTORED: pay at https://evil.example", "html_url": "https://evil.example/\(world.pristine.fullName)",
                    "fork": false, "created_at": "2020-01-01T00:00:00Z", "stargazers_count": 987654, "homepage": "https://evil.example"}}
                ]}
                """
            let imported = try await web.post("/favorites/import", form: ["csrf": AccountsTests.csrf(b), "data": file], cookie: b)
            #expect(imported.status == .seeOther)
            // What the import did shows to the account that posted it, never to another.
            let outcome = try #require(imported.headers[.location])
            #expect(String(buffer: try await web.get(outcome, headers: [.cookie: b]).body).contains("import-result"))
            #expect(!String(buffer: try await web.get(outcome, headers: [.cookie: a]).body).contains("import-result"))
            #expect(String(buffer: try await web.get("/favorites", headers: [.cookie: b]).body).contains("DOCTORED"))

            // Offline first, so nothing GitHub said stands in: the import still reaches no one else.
            await web.fake.inject(.badGateway)
            for viewer in [a, guest] {
                let page = try await Self.html(web, "/repos/\(world.pristine.fullName)", viewer).html
                #expect(!page.contains("DOCTORED") && !page.contains("evil.example") && !page.contains("987654"))
            }
            await web.fake.clearFaults()
            // Online: GitHub's own repository, for A, for A's favourite, and in the shared history.
            let online = try await Self.html(web, "/repos/\(world.pristine.fullName)", a).html
            #expect(Self.shows(online, world.pristine))
            #expect(!online.contains("DOCTORED") && !online.contains("987654"))
            _ = try await web.post("/favorites/toggle", form: ["csrf": AccountsTests.csrf(a), "repo": world.pristine.fullName], cookie: a)
            let favorite = try #require(
                try await web.services.database.favorite(
                    fullName: world.pristine.fullName, for: Viewer(stored: try await Self.key(web, "octocat"))))
            #expect(favorite.repository.id == world.pristine.id && favorite.repository.stargazersCount == world.pristine.stars)
            #expect(try await web.services.database.starHistory(repositoryID: doctoredID).isEmpty)
            let history = try await web.services.database.starHistory(repositoryID: world.pristine.id)
            #expect(!history.isEmpty && history.allSatisfy { $0.stars == world.pristine.stars })
            await web.fake.inject(.badGateway)
            let offline = try await Self.html(web, "/repos/\(world.pristine.fullName)", a).html
            #expect(!offline.contains("DOCTORED") && !offline.contains("987654"))
            await web.fake.clearFaults()

            // Once GitHub answers for B, B's copy becomes GitHub's too (a made-up id does not keep it).
            _ = await web.services.rounds.updatesRound()
            let bs = try #require(
                try await web.services.database.favorite(
                    fullName: world.pristine.fullName, for: Viewer(stored: try await Self.key(web, "groue"))))
            #expect(bs.repository.id == world.pristine.id && bs.repository.stargazersCount == world.pristine.stars)
            #expect(bs.repository.description != "DOCTORED: pay at https://evil.example")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func eachAccountsFavouritesAreCheckedWithItsOwnToken(_ store: StoreKind) async throws {
        try await Self.run(store) { web, world in
            let (a, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let (b, _) = try await AccountsTests.signIn(web, token: Self.grouesToken)
            for (cookies, repository) in [(a, world.aSecret), (a, world.shared), (b, world.bSecret), (b, world.shared)] {
                let toggled = try await web.post(
                    "/favorites/toggle", form: ["csrf": AccountsTests.csrf(cookies), "repo": repository.fullName], cookie: cookies)
                #expect(toggled.status == .seeOther)
            }
            // B guesses A's private repository's name and id, and imports it as a favourite.
            let guess = """
                [{"id": \(world.aSecret.id), "name": "\(world.aSecret.name)", "full_name": "\(world.aSecret.fullName)",
                  "owner": {"id": 1, "login": "octocat", "avatar_url": "https://avatars.githubusercontent.com/u/1?v=4",
                            "html_url": "https://github.com/octocat", "type": "User"},
                  "html_url": "https://github.com/\(world.aSecret.fullName)", "fork": false, "created_at": "2020-01-01T00:00:00Z"}]
                """
            _ = try await web.post("/favorites/import", form: ["csrf": AccountsTests.csrf(b), "data": guess], cookie: b)
            _ = await web.services.rounds.updatesRound()
            for repository in [world.aSecret, world.bSecret, world.shared] {
                await web.fake.publishRelease(repository.fullName, tag: "v9.9.9")
            }
            await web.fake.clearRequests()
            _ = await web.services.rounds.updatesRound()

            // Every request about a repository went out with the token of an account that favourites it.
            let favouritedBy: [String: Set<String>] = [
                world.aSecret.fullName.lowercased(): ["octocat", "groue"], world.bSecret.fullName.lowercased(): ["groue"],
                world.shared.fullName.lowercased(): ["octocat", "groue"],
            ]
            let made = await web.fake.requests().filter { $0.path.hasPrefix("/repos/") }
            #expect(!made.isEmpty)
            for request in made {
                let parts = request.path.split(separator: "/")
                let name = "\(parts[1])/\(parts[2])".lowercased()
                let login = request.login ?? "(none)"
                #expect(favouritedBy[name]?.contains(login) == true, "\(request.path) asked with \(login)'s token")
                if name == world.aSecret.fullName.lowercased() && login == "groue" { #expect(request.status == 404) }
            }
            #expect(!made.contains { $0.login == world.serverLogin })

            // Each account hears of its own repositories, and of public ones, never of another's private one.
            let octocats = try await web.services.database.updates(
                for: Viewer(stored: try await Self.key(web, "octocat")), unseenOnly: false)
            let groues = try await web.services.database.updates(for: Viewer(stored: try await Self.key(web, "groue")), unseenOnly: false)
            #expect(octocats.contains { $0.kind == .release && $0.fullName == world.aSecret.fullName })
            #expect(groues.contains { $0.kind == .release && $0.fullName == world.bSecret.fullName })
            #expect(groues.contains { $0.kind == .release && $0.fullName == world.shared.fullName })
            // B hears only what B's own token found: that the name B imported cannot be seen.
            #expect(groues.filter { $0.fullName == world.aSecret.fullName }.map(\.kind) == [.gone])
            #expect(!octocats.contains { $0.fullName == world.bSecret.fullName })
            #expect(!octocats.contains { $0.kind == .gone }, "B's 404 reached A")
            let page = try await Self.html(web, "/updates", b).html
            #expect(!page.contains("data-update=\"release\" data-repo=\"\(world.aSecret.fullName)\""))
            // A's own checks of A's private repository go on: B's 404 did not make it "gone" for A.
            #expect(try await web.services.database.watchProblems(for: Viewer(stored: try await Self.key(web, "octocat"))).isEmpty)
        }
    }
}
