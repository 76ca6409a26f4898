import Foundation
import StarscopeCore
import StarscopeStore

extension UpdatesPage {
    func document(_ context: PageContext) -> HTML {
        let body: HTML =
            if favoritesCount == 0 {
                Components.empty("No favourites to follow yet.", "Tap ♡ on any repository: its milestones, releases and more show up here.")
            } else if updates.isEmpty {
                Components.empty("Nothing happened to your favourites in the last 30 days.")
            } else {
                "<ol class=\"update-list\">\(updates.map(row))</ol>"
            }
        let schedule: HTML =
            checkInterval.map {
                "Starscope checks your \(favoritesCount) favourite\(favoritesCount == 1 ? "" : "s") about every \(Self.every($0)), within the live budget."
            } ?? ""
        let main: HTML = """
            <section class="list-pane single" aria-labelledby="list-title">
            \(Components.listHead("Updates", feed: Layout.Feed(title: "Updates on your favourites", href: SiteURL.updatesFeed.href)))
            <p class="honest">Star milestones (100 to 100k), unusual days, new releases, archives and renames of your favourites, and those GitHub no longer has. \
            \(UpdateRules.unusualRule) \(schedule)</p>
            \(body)
            </section>
            """
        return Layout.page(
            title: "Updates", context: context, main: main,
            feed: Layout.Feed(title: "Updates on your favourites", href: SiteURL.updatesFeed.href))
    }

    func row(_ update: Update) -> HTML {
        let isNew = update.id.map(unseen.contains) ?? false
        let link: HTML =
            (try? RepositoryName(parsing: update.fullName)).map {
                "<a class=\"inline\" href=\"\(SiteURL.repository($0, from: .updates).href)\">\(update.fullName)</a>"
            } ?? "\(update.fullName)"
        let newTag: HTML = isNew ? " <span class=\"tag new\">new</span>" : ""
        // A release is read on GitHub's page of that release, not the repository's.
        let release: HTML =
            update.kind == .release
            ? AtomFeed.webLink(update.htmlURL).map {
                " · <a class=\"inline release-link\" href=\"\($0)\" rel=\"noopener noreferrer\">Read the release on GitHub</a>"
            } ?? "" : ""
        return """
            <li class="update-row\(isNew ? " is-new" : "")" data-update="\(update.kind.rawValue)" data-repo="\(update.fullName)">
            <span class="tag kind">\(Self.label(update.kind))</span>\(newTag)
            <p>\(update.summary)</p>
            <p class="meta">\(link) · <time datetime="\(RepositoryPage.iso(update.occurredAt))">\(RelativeTime.describe(update.occurredAt, now: now))</time>\(release)</p>
            </li>
            """
    }

    /// "15 minutes", "30 seconds".
    static func every(_ seconds: Double) -> String {
        if seconds < 90 { return "\(Int(seconds.rounded())) seconds" }
        let minutes = Int((seconds / 60).rounded())
        return "\(minutes) minute\(minutes == 1 ? "" : "s")"
    }

    static func label(_ kind: Update.Kind) -> String {
        switch kind {
        case .milestone: "Milestone"
        case .gain: "Unusual day"
        case .release: "Release"
        case .archived: "Archived"
        case .renamed: "Renamed"
        case .gone: "Gone"
        }
    }
}
