import Foundation
import StarscopeCore
import StarscopeModels
import StarscopeStore

extension RepositoryPage {
    /// The detail pane: the way back to the list, the repository's facts, the link to GitHub.
    func view(_ context: PageContext) -> HTML {
        let back: HTML = "<a class=\"back\" href=\"\(origin.back(to: name))\">← Back to \(origin.title)</a>"
        let content: HTML =
            switch self.content {
            case .found(let repository, let favorite): found(repository, favorite: favorite, context: context)
            case .notFound(let message):
                """
                <div class="error-state not-found"><h1 id="detail-title" tabindex="-1">Not found</h1><p>\(message)</p>
                <p><a class="button" href="\(origin.url.href)">Back to \(origin.title)</a></p></div>
                """
            case .failed(let failure): Components.failure(failure)
            }
        return """
            <article class="detail\(isFavorite ? " is-favorite" : "")" data-repo="\(name.description)" data-detail="\(name.description)" aria-labelledby="detail-title">
            \(back)
            \(content)
            </article>
            """
    }

    private var isFavorite: Bool {
        if case .found(_, let favorite) = content { return favorite }
        return false
    }

    private func found(_ repository: Repository, favorite: Bool, context: PageContext) -> HTML {
        let description = repository.description.flatMap { $0.isEmpty ? nil : $0 }
        let topics: HTML =
            repository.topics.isEmpty
            ? ""
            : "<ul class=\"topics\" aria-label=\"Topics\">\(repository.topics.map { topic -> HTML in "<li><a href=\"\(Self.topicHref(topic))\">\(topic)</a></li>" })</ul>"
        // The key numbers come before the README on phones; the other facts after it (detail.css).
        let keyFacts: [HTML] = [
            Self.fact(
                "Stars",
                "<span class=\"stars\" data-stars=\"\(repository.stargazersCount)\" data-format=\"full\"><span class=\"count\">\(GroupedNumber.format(repository.stargazersCount))</span></span>"
            ),
            Self.fact("Forks", "\(GroupedNumber.format(repository.forksCount))"),
            Self.fact("Language", repository.language.map { RepositoryRow.language(.some($0)) } ?? "—"),
        ]
        let facts: [HTML] =
            [
                Self.fact("Open issues", "\(GroupedNumber.format(repository.openIssuesCount))"),
                Self.fact("Watchers", "\(GroupedNumber.format(repository.watchersCount))"),
                Self.fact("Created", Self.date(repository.createdAt, now: now)),
            ] + (repository.pushedAt.map { [Self.fact("Last push", Self.date($0, now: now))] } ?? [])
        let descriptionView: HTML =
            description.map { text -> HTML in "<p class=\"description\"><bdi>\(text)</bdi></p>" }
            ?? "<p class=\"description empty\">\(RepositoryRow.noDescription)</p>"
        let owner = AccountList(login: repository.owner.login)
        let ownerLink: HTML =
            RepositoryName.isValidLogin(repository.owner.login)
            ? "<a class=\"owner\" href=\"\(SiteURL.account(owner).href)\">\(repository.owner.login)</a>"
            : "<span class=\"owner\">\(repository.owner.login)</span>"
        return """
            <div class="detail-head">
            \(RepositoryRow.avatar(repository.owner.avatarURL, size: 56))
            <h1 id="detail-title" tabindex="-1">\(ownerLink)<span class="owner">/</span>\(repository.name)</h1>
            \(RepositoryRow.favoriteToggle(repository.fullName, favorite: favorite, context: context, returnTo: href))
            </div>
            \(!context.isReadOnly ? listsMenu(repository, favorite: favorite, context: context) : "")
            \(descriptionView)
            \(RepositoryRow.tags(repository))
            \(topics)
            <dl class="facts key-facts">\(keyFacts)</dl>
            <dl class="facts">\(facts)</dl>
            \(!context.isReadOnly ? annotationForm(repository, favorite: favorite, context: context) : "")
            \(Self.about(repository))
            <div class="detail-actions"><a class="button" href="\(Self.gitHubURL(repository))" rel="noopener noreferrer">Open on GitHub</a>\
            \(!context.isReadOnly ? starForm(repository, context: context) : "")</div>
            \(sectionsFollow ? Self.sectionsMarker : "")
            """
    }

    /// Where the streamed sections go: the page up to here is sent first.
    static let sectionsMarker: HTML = "<!--sections-->"

    /// Star (or, when it is starred, unstar) on GitHub: the button says which it is (Star /
    /// Starred) with GitHub's count, and the line after it what the last press did.
    func starForm(_ repository: Repository, context: PageContext) -> HTML {
        let starred = starredOnGitHub == true
        let stars = starOutcome?.stars ?? repository.stargazersCount
        let state = starredOnGitHub.map { $0 ? "true" : "false" } ?? "unknown"
        let outcome: HTML =
            starOutcome.map { outcome -> HTML in
                outcome.failed
                    ? "<p class=\"star-outcome is-error\" role=\"alert\">\(outcome.message)</p>"
                    : "<p class=\"star-outcome\" role=\"status\">\(outcome.message)</p>"
            } ?? "<p class=\"star-outcome\" role=\"status\"></p>"
        let hint: HTML = canStar ? "" : " title=\"Starring on GitHub needs a GitHub token (Settings)\""
        return """
            <form class="star-form" method="post" action="\(SiteURL.star.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <input type="hidden" name="repo" value="\(repository.fullName)">
            <input type="hidden" name="starred" value="\(starred ? "false" : "true")">
            <input type="hidden" name="return" value="\(href)">
            <button type="submit" class="star-button" data-starred-on-github="\(state)"\(hint)><span class="star-state">\(starred ? "★ Starred" : "☆ Star") on GitHub</span> \
            <span class="star-count" title="\(CountNoun.text(stars, "star"))">\(CompactNumber.format(stars))</span></button>
            \(outcome)
            </form>
            """
    }

    /// Beside the heart, as beside GitHub's star: the tags (Lists) to put the repository in, and a
    /// new one; saving makes it a favourite too.
    func listsMenu(_ repository: Repository, favorite: Bool, context: PageContext) -> HTML {
        let carried = Set(tags.map { $0.lowercased() })
        let boxes = allTags.enumerated().map { index, tag -> HTML in
            let checked: HTML = carried.contains(tag.lowercased()) ? " checked" : ""
            return
                "<li><label><input type=\"checkbox\" name=\"list.\(index)\" value=\"\(tag)\"\(checked)> #\(tag)</label></li>"
        }
        let summary = tags.isEmpty ? "Lists" : "Lists (\(tags.count))"
        let choices: HTML = boxes.isEmpty ? "" : "<ul class=\"list-choices\">\(boxes)</ul>"
        return """
            <details class="lists-menu"><summary>\(summary)</summary>
            <form method="post" action="\(SiteURL.favoritesLists.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <input type="hidden" name="repo" value="\(repository.fullName)">
            <input type="hidden" name="return" value="\(href)">
            <fieldset><legend>Put \(repository.fullName) in your lists\(favorite ? "" : " (it becomes a favourite)")</legend>
            \(choices)
            <label for="new-list">New list</label>
            <input id="new-list" name="new" type="text" maxlength="\(FavoriteText.maximumTagLength)" autocomplete="off">
            </fieldset>
            <button type="submit">Save</button>
            </form></details>
            """
    }

    /// A favourite's tags and note, editable here; hidden until it is a favourite, so that the
    /// heart shows it in place (detail.js).
    func annotationForm(_ repository: Repository, favorite: Bool, context: PageContext) -> HTML {
        let hidden: HTML = favorite ? "" : " hidden"
        return """
            <details class="annotate"\(tags.isEmpty && note.isEmpty ? "" : " open")\(hidden)><summary>Your tags and note</summary>
            <form method="post" action="\(SiteURL.favoritesAnnotate.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <input type="hidden" name="repo" value="\(repository.fullName)">
            <input type="hidden" name="return" value="\(href)">
            <label for="tags">Tags, separated by commas</label>
            <input id="tags" name="tags" type="text" value="\(tags.joined(separator: ", "))" maxlength="900" autocomplete="off">
            <label for="note">Note</label>
            <textarea id="note" name="note" rows="3" maxlength="2000">\(note)</textarea>
            <button type="submit">Save</button>
            </form></details>
            """
    }

    /// Homepage, default branch and licence, each only when GitHub says one.
    static func about(_ repository: Repository) -> HTML {
        var items: [HTML] = []
        if let homepage = repository.homepage, let url = URL(string: homepage), ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            items.append(fact("Homepage", "<a href=\"\(homepage)\" rel=\"noopener noreferrer nofollow\">\(homepage)</a>"))
        }
        if let branch = repository.defaultBranch, !branch.isEmpty { items.append(fact("Default branch", "<code>\(branch)</code>")) }
        if let licence = repository.license?.name, !licence.isEmpty { items.append(fact("Licence", "\(licence)")) }
        guard !items.isEmpty else { return "" }
        return
            "<section class=\"about\" aria-labelledby=\"about-title\"><h2 id=\"about-title\">About</h2><dl class=\"about-list\">\(items)</dl></section>"
    }

    /// New & popular, this week, with this topic.
    static func topicHref(_ topic: String) -> String {
        SiteURL.trending(TrendingList(query: TrendingQuery(topic: topic))).href
    }

    static func fact(_ label: String, _ value: HTML) -> HTML {
        "<div><dt>\(label)</dt><dd>\(value)</dd></div>"
    }

    static func date(_ date: Date, now: Date) -> HTML {
        "<time datetime=\"\(iso(date))\">\(RelativeTime.day(date))</time> (\(RelativeTime.describe(date, now: now)))"
    }

    static func iso(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(date)
    }

    /// `html_url` when it is an http(s) URL, else the github.com address built from the name.
    static func gitHubURL(_ repository: Repository) -> String {
        if let url = URL(string: repository.htmlURL), ["https", "http"].contains(url.scheme?.lowercased() ?? "") {
            return repository.htmlURL
        }
        return "https://github.com/\(repository.fullName)"
    }
}
