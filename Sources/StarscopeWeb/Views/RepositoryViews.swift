import Foundation
import StarscopeCore
import StarscopeModels

/// Rows, lists and the detail of repositories.
enum RepositoryViews {
    static let noDescription = "No description provided"

    /// One row: avatar, owner/name, description, compact stars in `data-stars`, language, forks,
    /// when it was created and last pushed, favourite toggle.
    static func row(
        _ repository: Repository, favorite: Bool, listQuery: String, context: PageContext, returnTo: String, gain: HTML = "",
        now: Date = Date()
    ) -> HTML {
        let detail = "/repos/\(repository.fullName)" + (listQuery.isEmpty ? "" : "?" + listQuery)
        let description: HTML =
            repository.description.flatMap { $0.isEmpty ? nil : $0 }.map { "<p class=\"description\"><bdi>\($0)</bdi></p>" }
            ?? "<p class=\"description empty\">\(noDescription)</p>"
        return """
            <li class="repo-row\(favorite ? " is-favorite" : "")" data-repo="\(repository.fullName)">
            \(avatar(repository.owner.avatarURL, size: 40))
            <div class="row-main">
            <div class="row-head">
            <a class="repo-link" href="\(detail)"><span class="owner">\(repository.owner.login)/</span><strong>\(repository.name)</strong></a>
            \(stars(repository.stargazersCount))\(gain)
            </div>
            \(description)
            <p class="meta">\(language(repository.language))\(forks(repository.forksCount))\(ages(repository, now: now))\(tags(repository))</p>
            </div>
            \(favoriteToggle(repository.fullName, favorite: favorite, context: context, returnTo: returnTo))
            </li>
            """
    }

    static func forks(_ count: Int) -> HTML {
        guard count > 0 else { return "" }
        return "<span class=\"forks\" title=\"\(GroupedNumber.format(count)) forks\">\(CompactNumber.format(count)) forks</span>"
    }

    /// "created 3 days ago, pushed 2 hours ago" (the push when GitHub says one).
    static func ages(_ repository: Repository, now: Date) -> HTML {
        let created = "created \(RelativeTime.describe(repository.createdAt, now: now))"
        let pushed = repository.pushedAt.map { ", pushed \(RelativeTime.describe($0, now: now))" } ?? ""
        return "<span class=\"age\">\(created + pushed)</span>"
    }

    static func tags(_ repository: Repository) -> HTML {
        let fork: HTML = repository.fork ? " <span class=\"tag\">fork</span>" : ""
        let archived: HTML = repository.archived ? " <span class=\"tag\">archived</span>" : ""
        return "\(fork)\(archived)"
    }

    static func stars(_ count: Int) -> HTML {
        "<span class=\"stars\" data-stars=\"\(count)\" title=\"\(GroupedNumber.format(count)) stars\"><span aria-hidden=\"true\">★</span> <span class=\"count\">\(CompactNumber.format(count))</span><span class=\"visually-hidden\"> stars</span></span>"
    }

    static func language(_ language: String?) -> HTML {
        guard let language, !language.isEmpty else { return "" }
        return
            "<span class=\"lang \(LanguageColors.className(language))\"><span class=\"lang-dot\" aria-hidden=\"true\"></span>\(language)</span>"
    }

    static func avatar(_ url: String?, size: Int) -> HTML {
        let source = url.map { "/avatar?src=" + HTML.query($0) } ?? Assets.url("no-avatar.svg")
        return "<img class=\"avatar\" src=\"\(source)\" alt=\"\" width=\"\(size)\" height=\"\(size)\" loading=\"lazy\" decoding=\"async\">"
    }

    static func favoriteToggle(_ fullName: String, favorite: Bool, context: PageContext, returnTo: String) -> HTML {
        // A guest can change nothing, so is offered nothing to change.
        guard !context.isReadOnly else { return "" }
        let label = favorite ? "Remove \(fullName) from favourites" : "Add \(fullName) to favourites"
        return """
            <form class="fav-form" method="post" action="/favorites/toggle">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <input type="hidden" name="repo" value="\(fullName)">
            <input type="hidden" name="return" value="\(returnTo)">
            <button class="fav" type="submit" aria-pressed="\(favorite ? "true" : "false")" aria-label="\(label)" title="\(label)">\(favorite ? "★" : "☆")</button>
            </form>
            """
    }

    /// The detail pane: every field, the link to GitHub, the favourite toggle.
    static func detail(_ repository: Repository, favorite: Bool, now: Date, context: PageContext, backHref: String, returnTo: String)
        -> HTML
    {
        let description = repository.description.flatMap { $0.isEmpty ? nil : $0 }
        let topics: HTML =
            repository.topics.isEmpty
            ? "" : "<ul class=\"topics\" aria-label=\"Topics\">\(repository.topics.map { topic -> HTML in "<li>\(topic)</li>" })</ul>"
        var facts: [HTML] = [
            fact(
                "Stars",
                "<span class=\"stars\" data-stars=\"\(repository.stargazersCount)\" data-format=\"full\"><span class=\"count\">\(GroupedNumber.format(repository.stargazersCount))</span></span>"
            ),
            fact("Forks", "\(GroupedNumber.format(repository.forksCount))"),
            fact("Open issues", "\(GroupedNumber.format(repository.openIssuesCount))"),
            fact("Language", repository.language.map { language(.some($0)) } ?? "—"),
            fact("Licence", "\(repository.license?.name ?? "None")"),
            fact(
                "Created",
                "<time datetime=\"\(iso(repository.createdAt))\">\(RelativeTime.day(repository.createdAt))</time> (\(RelativeTime.describe(repository.createdAt, now: now)))"
            ),
        ]
        if let pushed = repository.pushedAt {
            facts.append(
                fact(
                    "Last push",
                    "<time datetime=\"\(iso(pushed))\">\(RelativeTime.day(pushed))</time> (\(RelativeTime.describe(pushed, now: now)))"))
        }
        facts.append(fact("Archived", repository.archived ? "Yes — read-only" : "No"))
        if repository.fork { facts.append(fact("Fork", "Yes")) }
        if let homepage = repository.homepage, let url = URL(string: homepage), ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            facts.append(fact("Homepage", "<a href=\"\(homepage)\" rel=\"noopener noreferrer nofollow\">\(homepage)</a>"))
        }
        let githubURL = safeGitHubURL(repository)
        return """
            <article class="detail\(favorite ? " is-favorite" : "")" data-repo="\(repository.fullName)" aria-labelledby="detail-title">
            <a class="back" href="\(backHref)">← Back to the list</a>
            <div class="detail-head">
            \(avatar(repository.owner.avatarURL, size: 56))
            <h1 id="detail-title"><span class="owner">\(repository.owner.login)/</span>\(repository.name)</h1>
            \(favoriteToggle(repository.fullName, favorite: favorite, context: context, returnTo: returnTo))
            </div>
            \(description.map { text -> HTML in "<p class=\"description\"><bdi>\(text)</bdi></p>" } ?? "<p class=\"description empty\">\(noDescription)</p>")
            \(topics)
            <dl class="facts">\(facts)</dl>
            <p><a class="button" href="\(githubURL)" rel="noopener noreferrer">Open on GitHub</a></p>
            </article>
            """
    }

    static func fact(_ label: String, _ value: HTML) -> HTML {
        "<div><dt>\(label)</dt><dd>\(value)</dd></div>"
    }

    static func iso(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(date)
    }

    /// `html_url` when it is an http(s) URL, else the github.com address built from the name.
    static func safeGitHubURL(_ repository: Repository) -> String {
        if let url = URL(string: repository.htmlURL), ["https", "http"].contains(url.scheme?.lowercased() ?? "") {
            return repository.htmlURL
        }
        return "https://github.com/\(repository.fullName)"
    }
}
