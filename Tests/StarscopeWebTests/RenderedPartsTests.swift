import Foundation
import StarscopeModels
import Synchronization
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

/// A count shared with a closure.
final class Counter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func add() { value.withLock { $0 += 1 } }
}
