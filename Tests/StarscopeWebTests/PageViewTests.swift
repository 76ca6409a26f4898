import Foundation
import StarscopeCore
import StarscopeModels
import Testing

@testable import StarscopeWeb

/// Pages rendered from fixture models, without a server.
@Suite struct PageViewTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let context = PageContext(csrf: "token", viewer: .owner)

    static func repository(_ name: String, stars: Int = 10, language: String? = "Swift") -> Repository {
        let parts = name.split(separator: "/").map(String.init)
        var repository = Repository(
            id: Int64(abs(name.hashValue % 100_000)) + 1, name: parts[1], fullName: name, owner: Account(id: 1, login: parts[0]),
            htmlURL: "https://github.com/\(name)", createdAt: now - 86_400)
        repository.stargazersCount = stars
        repository.language = language
        return repository
    }

    static func favorites(_ list: FavoritesList = FavoritesList()) -> FavoritesPage {
        let rows = ["fern/lab", "ada/engine"].map { RepositoryRow(repository($0), favorite: true, origin: .favorites(list), now: now) }
        return FavoritesPage(list: list, total: 2, rows: rows, languages: ["Swift"])
    }

    @Test func aDetailOpensBesideItsListAndKeepsThatSectionCurrent() throws {
        let list = FavoritesList()
        let name = try RepositoryName(parsing: "fern/lab")
        let detail = RepositoryPage(
            name: name, origin: .favorites(list), content: .found(Self.repository("fern/lab"), favorite: true), now: Self.now)
        let page = SplitPage(origin: .favorites(list), list: Self.favorites(list), detail: detail)
        let html = page.document(Self.context.with(section: page.section)).markup
        #expect(html.contains("<div class=\"split has-detail\" data-list=\"/favorites\""))
        #expect(html.contains("href=\"/favorites\" aria-current=\"page\""))
        #expect(!html.contains("href=\"/\" aria-current=\"page\""))
        #expect(html.contains("data-detail=\"fern/lab\""))
        #expect(html.contains("<a class=\"back\" href=\"/favorites#repo-fern--lab\">← Back to Favourites</a>"))
        // Every row of the list leads to its detail beside this same list.
        #expect(html.contains("href=\"/repos/ada/engine?from=%2Ffavorites\""))
        #expect(page.status == .ok)
    }

    @Test func aDetailThatIsNotFoundSaysSoBesideTheList() throws {
        let origin = ListOrigin.rising(RisingList(timeframe: .day))
        let detail = RepositoryPage(
            name: try RepositoryName(parsing: "no/such"), origin: origin, content: .notFound("Gone."), now: Self.now)
        let page = SplitPage(origin: origin, list: RisingPage(list: RisingList(timeframe: .day)), detail: detail)
        let html = page.document(Self.context.with(section: page.section)).markup
        #expect(page.status == .notFound)
        #expect(html.contains("href=\"/rising\" aria-current=\"page\""))
        #expect(html.contains("Back to Rising"))
    }

    @Test func anImportListsEverySkippedEntryAsText() {
        var page = Self.favorites()
        page.importResult = .init(
            added: 2, alreadyFavorites: 1,
            skipped: [.init(entry: 3, reason: "“<b>x</b>” is not a repository name"), .init(entry: 5, reason: "not a repository")])
        let html = page.pane(Self.context).markup
        #expect(html.contains("Imported 2 favourites; 1 was a favourite already; skipped 2 entries."))
        #expect(html.contains("<li>Entry 3: “&lt;b&gt;x&lt;/b&gt;” is not a repository name</li>"))
        #expect(html.contains("<li>Entry 5: not a repository</li>"))
        #expect(html.contains("<details class=\"archive\" open>"))
    }

    @Test func aFileThatCannotBeImportedIsAnInlineAlert() {
        var page = Self.favorites()
        page.importError = "This file cannot be imported: it is not valid JSON."
        let html = page.pane(Self.context).markup
        #expect(
            html.contains(
                "<div class=\"error-state import-result\" role=\"alert\"><p>This file cannot be imported: it is not valid JSON.</p>"))
    }

    @Test func aRemovalCanBeUndoneWithoutScript() {
        var page = Self.favorites(FavoritesList(sort: .name))
        page.removed = "fern/lab"
        let html = page.pane(Self.context).markup
        #expect(html.contains("Removed fern/lab from favourites."))
        #expect(html.contains("<input type=\"hidden\" name=\"repo\" value=\"fern/lab\">"))
        #expect(html.contains("<input type=\"hidden\" name=\"return\" value=\"/favorites?sort=name\">"))
        #expect(html.contains("<span class=\"count\" data-count>2</span>"))
    }

    @Test func favouritesOfferTheirLanguagesAndSorts() {
        let html = Self.favorites(FavoritesList(language: "Swift", sort: .stars)).pane(Self.context).markup
        #expect(html.contains("<option value=\"Swift\" selected>Swift</option>"))
        #expect(html.contains("<option value=\"stars\" selected>Stars</option>"))
    }

    @Test func anUnknownLoginKeepsTheBoxToCorrectIt() {
        let page = AccountPage(
            list: AccountList(login: "nobody-here"), notFound: "No GitHub user or organisation is called \"nobody-here\".")
        let html = page.pane(Self.context).markup
        #expect(page.status == .notFound)
        #expect(html.contains("<input id=\"login\" name=\"login\" type=\"search\" value=\"nobody-here\""))
    }

    @Test func thePhoneTabBarNamesEverySectionOnce() {
        let html = MessagePage.notFound("x").document(Self.context).markup
        #expect(html.components(separatedBy: "<a href=").count - 1 >= Layout.navigation.count)
        for item in Layout.navigation { #expect(html.contains("<span class=\"nav-long\">\(HTML.escape(item.title))</span>")) }
        #expect(html.contains("<body class=\"has-tabs\">"))
    }

    @Test func signInLeadsNowhereElse() {
        let html = SignInPage(state: .prompt).document(Self.context).markup
        #expect(!html.contains("class=\"tabs\""))
        #expect(!html.contains("starscope serve"))
    }
}

extension PageContext {
    func with(section: Section) -> PageContext {
        var copy = self
        copy.section = section
        return copy
    }
}

/// Numbers that agree: Settings never shows an older count of GitHub's limits beside a newer one.
@Suite struct SettingsNumbersTests {
    static func page(limits: [SettingsPage.Limit]?) -> SettingsPage {
        let reset = Date(timeIntervalSince1970: 1_750_000_000)
        let older = RateLimit(resource: "search", limit: 30, remaining: 13, used: 17, reset: reset)
        return SettingsPage(
            token: .none, limits: limits, ownsServerToken: true, canRemoveToken: false,
            live: LiveHub.Status(budget: LiveBudget(), watching: 1, nextCheckIn: 5, lastLimits: ["search": older]))
    }

    @Test func theLiveChecksOlderCountIsToldOnlyWhenGitHubsCannotBeRead() {
        let fresh = [SettingsPage.Limit(label: "Searches", remaining: 29, limit: 30, reset: Date(timeIntervalSince1970: 1_750_000_060))]
        let withFresh = Self.page(limits: fresh).liveText.markup
        #expect(!withFresh.contains("13 of 30"))
        let without = Self.page(limits: nil).liveText.markup
        #expect(without.contains("GitHub's limits cannot be read now; the last live check saw 13 of 30 searches left."))
    }
}
