import Foundation
import StarscopeModels
import Testing

@testable import StarscopeCore
@testable import StarscopeStore
@testable import StarscopeWeb

/// A detail's sections are rendered once per thing they show and copied after that; whatever
/// they show that changes (an answer, the words of a release's age, the banner, the history)
/// renders them anew, and the moment they are shown at alone does not.
@Suite struct RenderedPartsTests {
    @Test func aPartIsRenderedOncePerKeyAndTheBoundStartsAgain() {
        let parts = RenderedParts<String>(capacity: 10)
        let renders = Counter()
        let render: (String) -> HTML = { text in
            renders.add()
            return HTML(raw: text)
        }
        #expect(parts.part("a") { render("1234") }.markup == "1234")
        #expect(parts.part("a") { render("other") }.markup == "1234")
        #expect(renders.count == 1 && parts.renderedCount == 1)
        // Over the bound alone: given, never kept.
        #expect(parts.part("big") { render("12345678901") }.markup == "12345678901")
        #expect(parts.part("big") { render("12345678901") }.markup == "12345678901")
        #expect(renders.count == 3)
        // What the key holds counts too: 4 + 4 + 3 bytes are over 10, so "a" ages out.
        _ = parts.part("b", keyBytes: 4) { render("5678") }
        _ = parts.part("c", keyBytes: 0) { render("abc") }
        _ = parts.part("a") { render("1234") }
        #expect(renders.count == 6)
        _ = parts.part("c") { render("abc") }
        #expect(renders.count == 6)
    }

    @Test func whatTheSectionsShowIsTheirKey() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let repository = Self.repository
        let sections = Self.sections(readme: "<p>Hello</p>", releasedAt: now.addingTimeInterval(-3 * 86_400))
        let history = Self.history(now: now)
        let key = try #require(RepositorySectionsPart.RenderKey(sections, repository: repository, history: history, stale: nil, now: now))

        // A second later, or an hour later: the release is still "3 days ago", the curve the same.
        for later in [1.0, 3_600] {
            var moved = history
            moved.now = now.addingTimeInterval(later)
            moved.observed = StarHistoryChart(counts: [.init(date: now, stars: 3)], now: moved.now)
            let again = try #require(
                RepositorySectionsPart.RenderKey(
                    sections, repository: repository, history: moved, stale: nil, now: now.addingTimeInterval(later)))
            #expect(again == key && again.hashValue == key.hashValue)
        }
        // The history's answer read back from the store (its moment kept to the millisecond),
        // or asked again the same day: the same "asked" day. Asked the next day: another part.
        for (asked, same) in [(0.000_4, true), (-3_600, true), (86_400, false)] {
            var again = history
            if case .success(var gitHub) = again.gitHub {
                gitHub.fetchedAt = now.addingTimeInterval(asked)
                gitHub.requests = 3
                again.gitHub = .success(gitHub)
            }
            let moved = RepositorySectionsPart.RenderKey(sections, repository: repository, history: again, stale: nil, now: now)
            #expect((moved == key) == same, "\(asked)")
        }
        // A day later the release is "4 days ago": another part.
        let dayLater = RepositorySectionsPart.RenderKey(
            sections, repository: repository, history: history, stale: nil, now: now.addingTimeInterval(86_400))
        #expect(dayLater != key)
        // Another README, banner, count of Starscope's own or curve: another part.
        let readme = Self.sections(readme: "<p>Hello!</p>", releasedAt: now.addingTimeInterval(-3 * 86_400))
        #expect(RepositorySectionsPart.RenderKey(readme, repository: repository, history: history, stale: nil, now: now) != key)
        #expect(RepositorySectionsPart.RenderKey(sections, repository: repository, history: history, stale: "Old", now: now) != key)
        var counted = history
        counted.samples.append(.init(repositoryID: 1, fullName: "o/r", recordedAt: now, stars: 9))
        #expect(RepositorySectionsPart.RenderKey(sections, repository: repository, history: counted, stale: nil, now: now) != key)
        var curve = history
        if case .success(var gitHub) = curve.gitHub {
            gitHub.curve.days[0].total += 1
            curve.gitHub = .success(gitHub)
        }
        #expect(RepositorySectionsPart.RenderKey(sections, repository: repository, history: curve, stale: nil, now: now) != key)
        // Without GitHub's curve the section draws Starscope's own counts up to the moment it is
        // shown at: that moment is part of what it shows, so such sections are never kept.
        var own = history
        own.gitHub = .failure(.notFound("No history."))
        var ownLater = own
        ownLater.now = now.addingTimeInterval(1)
        ownLater.observed = StarHistoryChart(counts: own.observed.counts, now: ownLater.now)
        #expect(own.shown != ownLater.shown)
        #expect(history.shown.now == .distantPast)
        #expect(RepositorySectionsPart.RenderKey(sections, repository: repository, history: own, stale: nil, now: now) == nil)
        #expect(RepositorySectionsPart.RenderKey(sections, repository: repository, history: nil, stale: nil, now: now) != nil)
    }

    /// Two views of one repository render its sections once, and both show the same sections.
    @Test func twoViewsRenderTheSectionsOnce() async throws {
        try await WebHarness.run { web in
            let dataset = web.fake.dataset
            let repository = try #require(
                dataset.repositories.first { dataset.readme(for: $0) != nil && !dataset.releases(for: $0).isEmpty })
            let before = web.services.sectionParts.renderedCount
            let (first, html, _) = try await web.page("/repos/\(repository.fullName)")
            let (second, again, _) = try await web.page("/repos/\(repository.fullName)")
            #expect(first == .ok && second == .ok)
            let sections = try #require(html.firstRange(of: "<section class=\"star-history\"").map { html[$0.lowerBound...] })
            #expect(sections.contains("data-readme"))
            #expect(again.hasSuffix(String(sections)))
            #expect(web.services.sectionParts.renderedCount == before + 1)
        }
    }

    @Test func whatADetailPageShowsIsItsKey() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let origin = ListOrigin.trending(TrendingList())
        let context = PageContext(csrf: "", viewer: .owner)
        var detail = RepositoryPage(
            name: try RepositoryName(owner: "o", name: "r"), origin: origin, content: .found(Self.repository, favorite: false),
            now: now)
        detail.sectionsFollow = true
        // The list pane as `KeptPane.trending` keeps it: for the browser's own context.
        func kept(_ markup: String, in context: PageContext) -> KeptPane {
            let token = String(repeating: "e", count: 64)
            let template = RenderedPages<TrendingPage.RenderKey>.Template(HTML(raw: "<\(markup)>\(token)</\(markup)>"), token: token)
            #expect(template.parts == ["<\(markup)>", "</\(markup)>"])
            return KeptPane(list: OriginPane(origin: origin), copy: .init(template: template, token: context.csrf), context: context)
        }
        func key(_ detail: RepositoryPage, list: (any ListPane)? = nil, in context: PageContext = context) -> RepositoryPage.RenderKey? {
            let list = list ?? kept("ul", in: context)
            return RepositoryPage.RenderKey(SplitPage(origin: origin, list: list, detail: detail), context: context)
        }
        let first = try #require(key(detail))
        // Shown a minute later to another browser: the same page.
        var later = detail
        later.now = now.addingTimeInterval(60)
        var browser = context
        browser.csrf = String(repeating: "f", count: 64)
        let again = try #require(key(later, in: browser))
        #expect(again == first && again.hashValue == first.hashValue)
        // A favourite, its tags, GitHub's star, a year later: another page.
        var favorite = detail
        favorite.content = .found(Self.repository, favorite: true)
        var tagged = detail
        tagged.tags = ["kept"]
        var starred = detail
        starred.starredOnGitHub = true
        var older = detail
        older.now = now.addingTimeInterval(400 * 86_400)
        for other in [favorite, tagged, starred, older] { #expect(key(other) != first) }
        var dark = context
        dark.theme = .dark
        #expect(key(detail, in: dark) != first)
        #expect(key(detail, list: kept("ol", in: context)) != first)
        // Not kept: beside a list that was not kept, kept for another context, with what a press
        // of "Star on GitHub" just did, or without its sections following.
        #expect(key(detail, list: OriginPane(origin: origin)) == nil)
        #expect(key(detail, list: kept("ul", in: context), in: dark) == nil)
        var outcome = detail
        outcome.starOutcome = .init(starred: true, message: "Starred.")
        var whole = detail
        whole.sectionsFollow = false
        #expect(key(outcome) == nil && key(whole) == nil)
    }

    /// A detail beside New & popular is rendered once for every browser, each copy with its own
    /// token in its forms; marking it a favourite or saving its tags shows at once.
    @Test func aDetailBesideNewAndPopularIsRenderedOnceForEveryBrowser() async throws {
        try await WebHarness.run { web in
            let (cookieA, tokenA) = try await web.csrf()
            let (cookieB, tokenB) = try await web.csrf()
            let home = String(buffer: try await web.get("/", headers: [.cookie: cookieA]).body)
            let name = String(try #require(home.firstMatch(of: /data-repo="([^"]+)"/)?.1))
            // The rows and the detail say how long ago things happened: a minute may turn between requests.
            var pageA = "", pageB = "", rendered = 0
            for _ in 0..<2 {
                let before = web.services.detailPages.renderedCount
                pageA = String(buffer: try await web.get("/repos/\(name)", headers: [.cookie: cookieA]).body)
                pageB = String(buffer: try await web.get("/repos/\(name)", headers: [.cookie: cookieB]).body)
                rendered = web.services.detailPages.renderedCount - before
                if pageB == pageA.replacingOccurrences(of: tokenA, with: tokenB) { break }
            }
            // Once (or not again, when a turned minute had the first round render it anew).
            #expect(rendered <= 1 && web.services.detailPages.renderedCount >= 1)
            #expect(pageA.contains("name=\"csrf\" value=\"\(tokenA)\"") && !pageA.contains(tokenB))
            #expect(pageB == pageA.replacingOccurrences(of: tokenA, with: tokenB))
            #expect(pageA.contains("data-readme") || pageA.contains("star-history"))
            #expect(!pageA.contains("<article class=\"detail is-favorite\""))
            _ = try await web.post("/favorites/toggle", form: ["repo": name, "csrf": tokenA], cookie: cookieA)
            let favorite = String(buffer: try await web.get("/repos/\(name)", headers: [.cookie: cookieA]).body)
            #expect(favorite.contains("<article class=\"detail is-favorite\""))
            _ = try await web.post(
                "/favorites/annotate", form: ["repo": name, "tags": "kept-once", "note": "", "csrf": tokenA], cookie: cookieA)
            let tagged = String(buffer: try await web.get("/repos/\(name)", headers: [.cookie: cookieA]).body)
            #expect(tagged.contains("value=\"kept-once\""))
        }
    }

    /// New & popular's key tells apart whatever its page shows: a row's repository, its
    /// favourite mark, the next page, a failure; and not the moment the rows were read.
    @Test func whatNewAndPopularShowsIsItsKey() {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let list = TrendingList()
        func page(_ stars: [Int], favorite: Int? = nil, at moment: Date = now) -> TrendingPage {
            var page = TrendingPage(list: list)
            page.rows = stars.enumerated().map { index, count in
                var repository = Self.repository
                repository.id = Int64(index + 1)
                repository.stargazersCount = count
                return RepositoryRow(repository, favorite: favorite == index, origin: .trending(list), now: moment)
            }
            return page
        }
        func key(_ page: TrendingPage) -> TrendingPage.RenderKey {
            TrendingPage.RenderKey(origin: .trending(list), page: page, context: PageContext(csrf: "", viewer: .owner), part: .whole)
        }
        let first = key(page([5, 4, 3]))
        #expect(key(page([5, 4, 3], at: now.addingTimeInterval(1))) == first)
        #expect(key(page([5, 4, 2])) != first)
        #expect(key(page([5, 4])) != first)
        #expect(key(page([5, 4, 3], favorite: 2)) != first)
        var next = page([5, 4, 3])
        next.next = list.with(page: 2)
        #expect(key(next) != first)
        var failed = page([5, 4, 3])
        failed.failure = Failure(message: "GitHub is away.", retry: "/")
        #expect(key(failed) != first)
        var dark = PageContext(csrf: "", viewer: .owner)
        dark.theme = .dark
        #expect(TrendingPage.RenderKey(origin: .trending(list), page: page([5, 4, 3]), context: dark, part: .whole) != first)
    }

    static let repository = Repository(
        id: 1, name: "r", fullName: "o/r", owner: Account(id: 2, login: "o"), htmlURL: "https://github.com/o/r",
        createdAt: Date(timeIntervalSince1970: 1_700_000_000))

    static func sections(readme: String, releasedAt: Date) -> RepositorySections {
        RepositorySections(
            readmeHTML: .success(readme),
            releases: .success([
                Release(id: 1, tagName: "v1", publishedAt: releasedAt, htmlURL: "https://github.com/o/r/releases/v1")
            ]),
            contributors: .success([]), languages: .success(Languages([.init(name: "Swift", bytes: 10)])))
    }

    static func history(now: Date) -> StarHistorySection {
        let curve = StarCurve(
            weeks: [StarHistoryWeek(week: 1_789_430_400, total: 3, days: [1, 0, 2, 0, 0, 0, 0])], firstDay: nil,
            today: Int64(now.timeIntervalSince1970 / 86_400))
        let gitHub = StarHistory(repository: repository, curve: curve, unavailable: false, fetchedAt: now, requests: 0)
        return StarHistorySection(
            name: try! RepositoryName(owner: "o", name: "r"), gitHub: .success(gitHub),
            observed: StarHistoryChart(counts: [], now: now), samples: [], now: now)
    }
}
