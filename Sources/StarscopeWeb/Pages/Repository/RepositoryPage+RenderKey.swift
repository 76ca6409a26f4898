import Foundation
import StarscopeCore

extension RepositoryPage {
    /// What a detail page whose sections follow shows beside a kept list (`KeptPane`), for
    /// `RenderedPages`: the list pane as kept (without its token), the detail with its two ages
    /// as the words they say rather than the moment it is shown at, and the page context without
    /// the browser's token. Two equal keys render the same page but for the token.
    struct RenderKey: Hashable, Sendable {
        /// The list's digest, first: a page kept beside the list as it was a minute ago is told
        /// apart in one step, not by comparing all of its rows (`==` compares in this order).
        var listDigest: Int
        var list: [String]
        var title: String
        var liveList: String?
        var detail: RepositoryPage
        /// What the detail's ages say (`RelativeTime.key`): created, then pushed.
        var ages: [Int]
        var context: PageContext

        /// Nil when the page cannot be kept: its list is not a kept one (or was kept for another
        /// context), the detail is not a repository whose sections follow, or it says what a
        /// press of "Star on GitHub" just did (a page shown once).
        init?(_ page: SplitPage, context: PageContext) {
            guard let kept = page.list as? KeptPane, kept.context == context,
                let detail = page.detail, detail.sectionsFollow, detail.starOutcome == nil,
                case .found(let repository, _) = detail.content
            else { return nil }
            listDigest = kept.copy.partsDigest
            list = kept.copy.parts
            title = kept.title
            liveList = kept.liveList
            ages = [
                RelativeTime.key(repository.createdAt, now: detail.now),
                repository.pushedAt.map { RelativeTime.key($0, now: detail.now) } ?? Int.min,
            ]
            // What the page does not read: the moment (but for the ages above).
            var shown = detail
            shown.now = .distantPast
            self.detail = shown
            var context = context
            context.csrf = ""
            self.context = context
        }

        /// A few fields that tell keys apart: equal keys still hash alike (`==` compares
        /// everything), and a page asked for again hashes cheaply.
        func hash(into hasher: inout Hasher) {
            hasher.combine(listDigest)
            hasher.combine(detail.name)
            hasher.combine(ages)
        }
    }
}
