import Foundation
import HTTPTypes
import StarscopeCore

/// New & popular: repositories created in a timeframe, most stars first, with filters.
struct TrendingPage: Sendable, Hashable {
    static let languages = [
        "Swift", "Rust", "Go", "Python", "TypeScript", "JavaScript", "C", "C++", "C#", "Java", "Kotlin", "Ruby", "Zig",
        "Jupyter Notebook", "Shell", "HTML", "Objective-C", "PHP", "Dart",
    ]

    var list: TrendingList
    var rows: [RepositoryRow] = []
    var next: TrendingList?
    /// GitHub's search timed out and some repositories may be missing.
    var incomplete = false
    var failure: Failure?
    var status: HTTPResponse.Status = .ok
}

extension TrendingPage {
    /// What a rendered New & popular page depends on, for `RenderedPages`: the list pane's model,
    /// with each row's moment replaced by the ages it shows, and the page context without the
    /// CSRF token.
    struct RenderKey: Hashable, Sendable {
        var origin: ListOrigin
        var page: TrendingPage
        /// What each row's ages say (`RelativeTime.key`): created, then pushed.
        var ages: [Int]
        var context: PageContext

        /// `page` is consumed: when the caller keeps no other copy its rows are changed in
        /// place, not copied (a copy of 25 repositories was 6 % of a cached page's work).
        init(origin: ListOrigin, page: consuming TrendingPage, context: PageContext) {
            self.origin = origin
            var ages = [Int]()
            ages.reserveCapacity(page.rows.count * 2)
            // By index, reading the two dates and the moment: `for row in` copies every row.
            for index in page.rows.indices {
                let now = page.rows[index].now
                ages.append(RelativeTime.key(page.rows[index].repository.createdAt, now: now))
                ages.append(page.rows[index].repository.pushedAt.map { RelativeTime.key($0, now: now) } ?? Int.min)
            }
            self.ages = ages
            for index in page.rows.indices { page.rows[index].now = .distantPast }
            self.page = page
            var context = context
            context.csrf = ""
            self.context = context
        }

        /// The page as it is shown at `now` (the moment its rows' ages are counted from).
        func page(shownAt now: Date) -> TrendingPage {
            var page = page
            for index in page.rows.indices { page.rows[index].now = now }
            return page
        }

        /// A few fields that tell keys apart, not every byte of 25 repositories: equal keys still
        /// hash alike (`==` compares everything), and a page asked for again hashes cheaply.
        func hash(into hasher: inout Hasher) {
            hasher.combine(origin)
            hasher.combine(page.list)
            hasher.combine(context)
            hasher.combine(ages)
            for row in page.rows {
                hasher.combine(row.repository.id)
                hasher.combine(row.repository.stargazersCount)
                hasher.combine(row.favorite)
            }
        }
    }
}
