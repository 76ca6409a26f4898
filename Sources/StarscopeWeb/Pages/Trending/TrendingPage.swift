import Foundation
import HTTPTypes
import StarscopeCore
import StarscopeStore

/// New & popular: repositories created in a timeframe, most stars first, with filters.
struct TrendingPage: Sendable, Hashable {
    static let languages = [
        "Swift", "Rust", "Go", "Python", "TypeScript", "JavaScript", "C", "C++", "C#", "Java", "Kotlin", "Ruby", "Zig",
        "Jupyter Notebook", "Shell", "HTML", "Objective-C", "PHP", "Dart",
    ]

    var list: TrendingList
    var rows: [RepositoryRow] = [] {
        didSet { isForEveryone = ViewedGitHub.isForEveryone(rows.map(\.repository)) }
    }
    /// Whether every row may be shown to anyone, so that the page may be kept for every viewer:
    /// found once with the rows, not for each view of a kept model.
    private(set) var isForEveryone = true
    var next: TrendingList?
    /// GitHub's search timed out and some repositories may be missing.
    var incomplete = false
    var failure: Failure?
    var status: HTTPResponse.Status = .ok
}

extension TrendingPage {
    /// What each row's ages say at `now` (`RelativeTime.key`: created, then pushed), or at the
    /// row's own moment without one.
    static func ages(of rows: [RepositoryRow], at now: Date? = nil) -> [Int] {
        var ages = [Int]()
        ages.reserveCapacity(rows.count * 2)
        // By index, reading the two dates and the moment: `for row in` copies every row.
        for index in rows.indices {
            let now = now ?? rows[index].now
            ages.append(RelativeTime.key(rows[index].repository.createdAt, now: now))
            ages.append(rows[index].repository.pushedAt.map { RelativeTime.key($0, now: now) } ?? Int.min)
        }
        return ages
    }

    /// What a rendered New & popular page or pane depends on, for `RenderedPages`: which of the
    /// two, what each row's ages say, the page context without the CSRF token, and the list's
    /// model (whose rows are equal whatever moment they are shown at). `==` compares them in that
    /// order: the cheap fields tell most keys apart before 25 rows are compared.
    struct RenderKey: Hashable, Sendable {
        /// The whole page, or the list pane beside a detail.
        enum Part: Hashable, Sendable { case whole, pane }

        var part: Part
        /// What each row's ages say (`RelativeTime.key`): created, then pushed.
        var ages: [Int]
        var origin: ListOrigin
        var context: PageContext
        var page: TrendingPage

        init(origin: ListOrigin, page: consuming TrendingPage, context: PageContext, part: Part) {
            self.part = part
            self.origin = origin
            self.ages = TrendingPage.ages(of: page.rows)
            self.page = page
            var context = context
            context.csrf = ""
            self.context = context
        }

        /// A few fields that tell keys apart, not every byte of 25 repositories: equal keys still
        /// hash alike (`==` compares everything), and a page asked for again hashes cheaply.
        func hash(into hasher: inout Hasher) {
            hasher.combine(part)
            hasher.combine(origin)
            hasher.combine(page.list)
            hasher.combine(context)
            hasher.combine(ages)
            // By index: `for row in` copies every row.
            for index in page.rows.indices {
                hasher.combine(page.rows[index].repository.id)
                hasher.combine(page.rows[index].repository.stargazersCount)
                hasher.combine(page.rows[index].favorite)
            }
        }
    }
}
