import Foundation
import StarscopeCore
import StarscopeModels

/// Accounts: the profile with its repositories, the people list, and activity.
enum AccountViews {
    /// The box that switches to another login.
    static func switcher(_ login: String) -> HTML {
        """
        <form class="filters" method="get" action="\(SiteURL.accountGo.href)" role="search">
        <span class="field grow"><label for="login">User or organisation</label>
        <input id="login" name="login" type="search" value="\(login)" required maxlength="39" autocapitalize="none" spellcheck="false"></span>
        <button type="submit">Go</button>
        </form>
        """
    }

    /// People's box: GitHub's user search, where the first letters of a login find it.
    static let peopleSearch: HTML = """
        <form class="filters" method="get" action="\(SiteURL.Pattern.search)" role="search" aria-label="Search people">
        <input type="hidden" name="type" value="users">
        <span class="field grow"><label for="login">User or organisation</label>
        <input id="login" name="q" type="search" required maxlength="\(TrendingQuery.maximumQueryLength)" placeholder="octo" autocapitalize="none" spellcheck="false"></span>
        <button type="submit">Search</button>
        </form>
        """

    static func profile(_ profile: Profile, now: Date) -> HTML {
        var facts: [HTML] = [
            RepositoryPage.fact("Followers", "\(GroupedNumber.format(profile.followers))"),
            RepositoryPage.fact("Following", "\(GroupedNumber.format(profile.following))"),
            RepositoryPage.fact("Repositories", "\(GroupedNumber.format(profile.publicRepos))"),
        ]
        if let company = profile.company, !company.isEmpty { facts.append(RepositoryPage.fact("Company", "<bdi>\(company)</bdi>")) }
        if let company = profile.company, !company.isEmpty { facts.append(RepositoryPage.fact("Company", "<bdi>\(company)</bdi>")) }
        if let location = profile.location, !location.isEmpty { facts.append(RepositoryPage.fact("Location", "<bdi>\(location)</bdi>")) }
        if let email = profile.email, !email.isEmpty {
            let valid = EmailAddress.isValid(email)
            let value: HTML =
                valid
                ? "<a href=\"mailto:\(email)\">\(email)</a>"
                : "<bdi>\(email)</bdi> <span class=\"warning\" role=\"note\">⚠ not a valid email address</span>"
            facts.append(RepositoryPage.fact("Email", value))
        }
        if let blog = profile.blog, !blog.isEmpty {
            let href = blog.lowercased().hasPrefix("http://") || blog.lowercased().hasPrefix("https://") ? blog : "https://" + blog
            let safe = URL(string: href).map { ["http", "https"].contains($0.scheme?.lowercased() ?? "") && $0.host != nil } ?? false
            facts.append(
                RepositoryPage.fact(
                    "Blog", safe ? "<a href=\"\(href)\" rel=\"noopener noreferrer nofollow\">\(blog)</a>" : "<bdi>\(blog)</bdi>"))
        }
        if let created = profile.createdAt { facts.append(RepositoryPage.fact("Joined", "\(RelativeTime.day(created))")) }
        let kind = profile.kind == .organization ? "Organization" : "User"
        return """
            <div class="profile" data-login="\(profile.login)">
            \(RepositoryRow.avatar(profile.avatarURL, size: 72))
            <div class="profile-main">
            <h1 id="list-title"><bdi>\(profile.name ?? profile.login)</bdi></h1>
            <p class="muted">\(profile.login) · \(kind) · <a class="inline" href="\(gitHubURL(profile))" rel="noopener noreferrer">on GitHub</a></p>
            \(profile.bio.flatMap { $0.isEmpty ? nil : $0 }.map { bio -> HTML in "<p class=\"description bio\"><bdi>\(bio)</bdi></p>" } ?? "")
            </div>
            </div>
            <dl class="facts">\(facts)</dl>
            """
    }

    /// `html_url` when it is an https link on GitHub's site, else the address built from the login.
    static func gitHubURL(_ profile: Profile) -> String {
        if let text = profile.htmlURL, let url = URL(string: text), url.scheme?.lowercased() == "https" { return text }
        return "https://github.com/\(profile.login)"
    }

    static func peopleRow(_ account: Account) -> HTML {
        """
        <li class="person-row" data-login="\(account.login)">
        \(RepositoryRow.avatar(account.avatarURL, size: 32))
        <a class="person-link" href="\(SiteURL.account(AccountList(login: account.login)).href)">\(account.login)</a>
        <span class="muted">\(account.kind == .organization ? "Organization" : "User")</span>
        </li>
        """
    }

    static func eventRow(_ event: Event, now: Date, from origin: ListOrigin) -> HTML {
        """
        <li class="event-row" data-type="\(event.type)">
        \(RepositoryRow.avatar(event.actor.avatarURL, size: 32))
        <div class="row-main"><p><a class="inline" href="\(SiteURL.account(AccountList(login: event.actor.login)).href)">\(event.actor.login)</a> \(sentence(event, from: origin))</p>
        <p class="meta"><time datetime="\(RepositoryPage.iso(event.createdAt))">\(RelativeTime.describe(event.createdAt, now: now))</time></p></div>
        </li>
        """
    }

    /// The sentence without its leading login, with the repository linked (its detail leads
    /// back to `origin`).
    static func sentence(_ event: Event, from origin: ListOrigin) -> HTML {
        var text = EventSentence.describe(event)
        if text.hasPrefix(event.actor.login + " ") { text.removeFirst(event.actor.login.count + 1) }
        guard let range = text.range(of: event.repo.name) else { return "\(text)" }
        let before = String(text[..<range.lowerBound])
        let after = String(text[range.upperBound...])
        guard let name = try? RepositoryName(parsing: event.repo.name) else { return "\(text)" }
        let href = SiteURL.repository(name, from: origin).href
        return "\(before)<a class=\"inline\" href=\"\(href)\">\(event.repo.name)</a>\(after)"
    }
}
