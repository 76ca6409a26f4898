import Foundation
import StarscopeCore
import StarscopeModels

/// Accounts: the profile with its repositories, the people list, and activity.
enum AccountViews {
    /// The box that switches to another login.
    static func switcher(_ login: String) -> HTML {
        """
        <form class="filters" method="get" action="/users/go" role="search">
        <span class="field grow"><label for="login">User or organisation</label>
        <input id="login" name="login" type="search" value="\(login)" required maxlength="39" autocapitalize="none" spellcheck="false"></span>
        <button type="submit">Go</button>
        </form>
        """
    }

    static func profile(_ profile: Profile, now: Date) -> HTML {
        var facts: [HTML] = [
            RepositoryViews.fact("Followers", "\(GroupedNumber.format(profile.followers))"),
            RepositoryViews.fact("Following", "\(GroupedNumber.format(profile.following))"),
            RepositoryViews.fact("Repositories", "\(GroupedNumber.format(profile.publicRepos))"),
        ]
        if let location = profile.location, !location.isEmpty { facts.append(RepositoryViews.fact("Location", "<bdi>\(location)</bdi>")) }
        if let email = profile.email, !email.isEmpty {
            let valid = EmailAddress.isValid(email)
            let value: HTML =
                valid
                ? "<a href=\"mailto:\(email)\">\(email)</a>"
                : "<bdi>\(email)</bdi> <span class=\"warning\" role=\"note\">⚠ not a valid email address</span>"
            facts.append(RepositoryViews.fact("Email", value))
        }
        if let blog = profile.blog, !blog.isEmpty {
            let href = blog.lowercased().hasPrefix("http://") || blog.lowercased().hasPrefix("https://") ? blog : "https://" + blog
            let safe = URL(string: href).map { ["http", "https"].contains($0.scheme?.lowercased() ?? "") && $0.host != nil } ?? false
            facts.append(
                RepositoryViews.fact(
                    "Blog", safe ? "<a href=\"\(href)\" rel=\"noopener noreferrer nofollow\">\(blog)</a>" : "<bdi>\(blog)</bdi>"))
        }
        if let created = profile.createdAt { facts.append(RepositoryViews.fact("Joined", "\(RelativeTime.day(created))")) }
        let kind = profile.kind == .organization ? "Organization" : "User"
        return """
            <div class="profile" data-login="\(profile.login)">
            \(RepositoryViews.avatar(profile.avatarURL, size: 72))
            <div class="profile-main">
            <h1><bdi>\(profile.name ?? profile.login)</bdi></h1>
            <p class="muted">\(profile.login) · \(kind)</p>
            \(profile.bio.flatMap { $0.isEmpty ? nil : $0 }.map { bio -> HTML in "<p class=\"description bio\"><bdi>\(bio)</bdi></p>" } ?? "")
            </div>
            </div>
            <dl class="facts">\(facts)</dl>
            """
    }

    static func peopleRow(_ account: Account) -> HTML {
        """
        <li class="person-row" data-login="\(account.login)">
        \(RepositoryViews.avatar(account.avatarURL, size: 32))
        <a class="person-link" href="/users/\(account.login)">\(account.login)</a>
        <span class="muted">\(account.kind == .organization ? "Organization" : "User")</span>
        </li>
        """
    }

    static func eventRow(_ event: Event, now: Date) -> HTML {
        """
        <li class="event-row" data-type="\(event.type)">
        \(RepositoryViews.avatar(event.actor.avatarURL, size: 32))
        <div class="row-main"><p><a href="/users/\(event.actor.login)">\(event.actor.login)</a> \(sentence(event))</p>
        <p class="meta"><time datetime="\(RepositoryViews.iso(event.createdAt))">\(RelativeTime.describe(event.createdAt, now: now))</time></p></div>
        </li>
        """
    }

    /// The sentence without its leading login, with the repository linked.
    static func sentence(_ event: Event) -> HTML {
        var text = EventSentence.describe(event)
        if text.hasPrefix(event.actor.login + " ") { text.removeFirst(event.actor.login.count + 1) }
        guard let range = text.range(of: event.repo.name) else { return "\(text)" }
        let before = String(text[..<range.lowerBound])
        let after = String(text[range.upperBound...])
        return "\(before)<a href=\"/repos/\(event.repo.name)\">\(event.repo.name)</a>\(after)"
    }
}
