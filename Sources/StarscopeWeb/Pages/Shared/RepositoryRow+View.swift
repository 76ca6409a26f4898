import Foundation
import StarscopeCore
import StarscopeModels

extension RepositoryRow {
    static let noDescription = "No description provided"

    /// Avatar, owner/name (whose link covers the whole row), description, stars in `data-stars`,
    /// language, forks, when it was created and last pushed, and the favourite toggle.
    func view(_ context: PageContext) -> HTML {
        let description: HTML =
            repository.description.flatMap { $0.isEmpty ? nil : $0 }.map { "<p class=\"description\"><bdi>\($0)</bdi></p>" }
            ?? "<p class=\"description empty\">\(Self.noDescription)</p>"
        let gained: HTML =
            gain.map {
                " <span class=\"gain\" data-gained=\"\($0.stars)\">+\(GroupedNumber.format($0.stars)) <span class=\"span\">in \(SpanText.short($0.span))\($0.fromGitHub ? " · GitHub" : "")</span></span>"
            } ?? ""
        let meta: HTML =
            "\(Self.language(repository.language))\(Self.forks(repository.forksCount))\(Self.ages(repository, now: now))\(Self.tags(repository))\(starredOnGitHub == true ? Self.starredTag : "")\(trend?.sparkline() ?? "")"
        return """
            <li class="repo-row\(favorite ? " is-favorite" : "")" data-repo="\(repository.fullName)" id="\(Self.anchor(repository.fullName))">
            \(Self.avatar(repository.owner.avatarURL, size: 40))
            <div class="row-main">
            <div class="row-head">
            <a class="repo-link" href="\(detailHref)"><span class="owner">\(repository.owner.login)/</span><strong>\(repository.name)</strong></a>
            \(Self.stars(repository.stargazersCount))\(gained)
            </div>
            \(description)
            <p class="meta">\(meta)</p>
            \(annotations)
            </div>
            \(Self.favoriteToggle(repository.fullName, favorite: favorite, context: context, returnTo: origin.url.href))
            </li>
            """
    }

    /// A favourite's tags (each filters Favourites) and note.
    var annotations: HTML {
        guard !tags.isEmpty || !note.isEmpty else { return "" }
        let chips = tags.map { tag -> HTML in
            "<li><a class=\"tag-link\" href=\"\(SiteURL.favorites(FavoritesList(tag: tag)).href)\">#\(tag)</a></li>"
        }
        let tagList: HTML = tags.isEmpty ? "" : "<ul class=\"user-tags\" aria-label=\"Tags\">\(chips)</ul>"
        let noteText: HTML = note.isEmpty ? "" : "<p class=\"user-note\"><bdi>\(note)</bdi></p>"
        return "<div class=\"annotations\">\(tagList)\(noteText)</div>"
    }

    static let starredTag: HTML = " <span class=\"tag\">starred on GitHub</span>"

    static func forks(_ count: Int) -> HTML {
        guard count > 0 else { return "" }
        return
            "<span class=\"forks\" title=\"\(CountNoun.text(count, "fork"))\">\(CountNoun.text(count, "fork", number: CompactNumber.format))</span>"
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
        "<span class=\"stars\" data-stars=\"\(count)\" title=\"\(CountNoun.text(count, "star"))\"><span aria-hidden=\"true\">★</span> <span class=\"count\">\(CompactNumber.format(count))</span><span class=\"visually-hidden\"> \(CountNoun.word(count, "star"))</span></span>"
    }

    static func language(_ language: String?) -> HTML {
        guard let language, !language.isEmpty else { return "" }
        return
            "<span class=\"lang\"><svg class=\"lang-dot\" viewBox=\"0 0 10 10\" aria-hidden=\"true\"><circle cx=\"5\" cy=\"5\" r=\"4.5\" fill=\"\(LanguageColors.color(language))\"/></svg>\(language)</span>"
    }

    static func avatar(_ url: String?, size: Int) -> HTML {
        let source = url.map { SiteURL.avatar(source: $0).href } ?? Assets.url("no-avatar.svg")
        return "<img class=\"avatar\" src=\"\(source)\" alt=\"\" width=\"\(size)\" height=\"\(size)\" loading=\"lazy\" decoding=\"async\">"
    }

    static func favoriteToggle(_ fullName: String, favorite: Bool, context: PageContext, returnTo: String) -> HTML {
        // A guest can change nothing, so is offered nothing to change.
        guard !context.isReadOnly else { return "" }
        let label = favorite ? "Remove \(fullName) from favourites" : "Add \(fullName) to favourites"
        return """
            <form class="fav-form" method="post" action="\(SiteURL.favoritesToggle.href)">
            <input type="hidden" name="csrf" value="\(context.csrf)">
            <input type="hidden" name="repo" value="\(fullName)">
            <input type="hidden" name="return" value="\(returnTo)">
            <button class="fav" type="submit" aria-pressed="\(favorite ? "true" : "false")" aria-label="\(label)" title="\(label)">\
            \(Layout.heart)</button>
            </form>
            """
    }
}
