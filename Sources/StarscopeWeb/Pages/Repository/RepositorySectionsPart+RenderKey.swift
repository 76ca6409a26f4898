import Foundation
import StarscopeCore
import StarscopeModels

extension RepositorySectionsPart {
    /// What the streamed sections show, for `RenderedParts`: GitHub's answers as they came (the
    /// README before it is sanitised), each release's age as the words it says rather than the
    /// moment it is shown at, the banner, and the star history without what its view does not
    /// read. Two equal keys render the same markup, so a key carries no one's token or account:
    /// whoever holds equal answers would render the same bytes.
    struct RenderKey: Hashable, Sendable {
        // `==` compares in this order: what differs most often and costs least first, GitHub's
        // answers (a README may be long) last.
        var owner: String
        var name: String
        var branch: String
        /// What each shown release's age says (`RelativeTime.key`), newest first.
        var releaseAges: [Int]
        var stale: String?
        var history: StarHistorySection?
        var sections: RepositorySections

        /// Nil when the sections would never be shown the same again: a star history of
        /// Starscope's own counts (GitHub has none) is drawn up to the moment it is shown.
        init?(_ sections: RepositorySections, repository: Repository, history: StarHistorySection?, stale: String?, now: Date) {
            if let history, history.curve == nil { return nil }
            owner = repository.owner.login
            name = repository.name
            branch = repository.defaultBranch ?? "HEAD"
            self.sections = sections
            if case .success(let releases) = sections.releases {
                releaseAges = releases.prefix(RepositorySectionsPart.shownReleases).map { release in
                    (release.publishedAt ?? release.createdAt).map { RelativeTime.key($0, now: now) } ?? Int.min
                }
            } else {
                releaseAges = []
            }
            self.stale = stale
            self.history = history?.shown
        }

        /// The bytes a key holds beyond the markup: GitHub's README.
        var bytes: Int {
            guard case .success(let readme?) = sections.readmeHTML else { return 0 }
            return readme.utf8.count
        }

        /// A few fields that tell keys apart, not every byte of a README: equal keys still hash
        /// alike (`==` compares everything), and a part shown again hashes cheaply.
        func hash(into hasher: inout Hasher) {
            hasher.combine(owner)
            hasher.combine(name)
            hasher.combine(releaseAges)
            hasher.combine(stale)
            hasher.combine(history?.samples.count)
        }
    }
}

extension StarHistorySection {
    /// This section with only what its view reads: not how many requests the history took, the
    /// day it was asked (UTC, as written) and not the moment, and beside GitHub's curve neither
    /// the moment it is shown at nor Starscope's own chart (which ends at that moment).
    var shown: StarHistorySection {
        var shown = self
        if case .success(var history) = gitHub {
            history.requests = 0
            history.fetchedAt = history.fetchedAt.map {
                Date(timeIntervalSince1970: ($0.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
            }
            shown.gitHub = .success(history)
        }
        guard curve != nil else { return shown }
        shown.now = .distantPast
        shown.observed = StarHistoryChart(counts: [], now: .distantPast)
        return shown
    }
}
