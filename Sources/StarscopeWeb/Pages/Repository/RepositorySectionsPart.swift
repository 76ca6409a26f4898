import Foundation
import StarscopeCore
import StarscopeModels

/// The parts of a repository's page that cost a request each (README, languages, releases,
/// contributors): streamed after the rest of the page, each with its own outcome.
struct RepositorySectionsPart: Sendable {
    /// Hosts README images may load from (GitHub's own image hosts); the pages'
    /// Content-Security-Policy allows exactly these, and the sanitiser drops every other image.
    static let imageHosts = [
        "camo.githubusercontent.com", "raw.githubusercontent.com", "user-images.githubusercontent.com",
        "private-user-images.githubusercontent.com", "avatars.githubusercontent.com", "github.com",
    ]

    /// The newest releases shown.
    static let shownReleases = 5

    /// The sanitised README; nil when the repository has none.
    var readme: Result<HTML?, StarscopeError>
    var languages: Result<Languages, StarscopeError>
    var releases: Result<[Release], StarscopeError>
    var contributors: Result<[Contributor], StarscopeError>
    var now: Date
    /// Why these sections are a saved copy, when GitHub could not refresh them.
    var stale: String?
    /// The star history since creation (GitHub's curve with Starscope's counts), first of the sections.
    var history: StarHistorySection?

    /// The README sanitised (`sanitizer(for:html:)`), the other sections as GitHub gave them.
    init(_ sections: RepositorySections, repository: Repository, now: Date) {
        readme = sections.readmeHTML.map { $0.map { html in Self.sanitizer(for: repository, html: html).sanitize(html) } }
        languages = sections.languages
        releases = sections.releases
        contributors = sections.contributors
        self.now = now
    }

    /// The sanitiser for `html`, the README of `repository`: its relative links resolve against
    /// the README's own folder (GitHub names it in the HTML) on the default branch.
    static func sanitizer(for repository: Repository, html: String) -> HTMLSanitizer {
        HTMLSanitizer(
            owner: repository.owner.login, name: repository.name, branch: repository.defaultBranch ?? "HEAD",
            readmePath: HTMLSanitizer.readmePath(in: html) ?? "README.md", imageSource: imageSource)
    }

    /// An `https` image on one of GitHub's image hosts, else nothing (its `alt` text stays).
    static let imageSource: @Sendable (URL) -> String? = { url in
        guard url.scheme?.lowercased() == "https", let host = url.host?.lowercased(), imageHosts.contains(host) else { return nil }
        return url.absoluteString
    }

    /// The Content-Security-Policy of a page with a README: the app's own (which allows GitHub's image hosts).
    static var policy: String { SecurityMiddleware.policy }
}
