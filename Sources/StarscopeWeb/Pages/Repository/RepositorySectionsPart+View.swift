import Foundation
import StarscopeCore
import StarscopeModels

extension RepositorySectionsPart {
    func view() -> HTML {
        "\(Components.notice(stale))\(history?.glance() ?? "")\(history?.view() ?? "")\(languagesView)\(releasesView)\(contributorsView)\(readmeView)"
    }

    var languagesView: HTML {
        guard case .success(let languages) = languages, !languages.shares.isEmpty else { return "" }
        var offset = 0.0
        let bars = languages.shares.map { share -> HTML in
            let width = languages.fraction(of: share) * 100
            defer { offset += width }
            return
                "<rect fill=\"\(LanguageColors.color(share.name))\" x=\"\(Self.percent(offset))%\" width=\"\(Self.percent(width))%\" height=\"8\"/>"
        }
        let items = languages.shares.prefix(8).map { share -> HTML in
            "<li>\(RepositoryRow.language(share.name)) <span class=\"muted\">\(Self.percent(languages.fraction(of: share) * 100))%</span></li>"
        }
        return """
            <section class="languages" aria-labelledby="languages-title"><h2 id="languages-title">Languages</h2>
            <svg class="language-bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">\(bars)</svg>
            <ul class="language-list">\(items)</ul></section>
            """
    }

    var releasesView: HTML {
        let body: HTML
        switch releases {
        case .failure(let error): body = "<p class=\"muted\">\(error.message)</p>"
        case .success(let releases) where releases.isEmpty: return ""
        case .success(let releases):
            body = "<ol class=\"releases\">\(releases.prefix(Self.shownReleases).map(release))</ol>"
        }
        return
            "<section class=\"releases-section\" aria-labelledby=\"releases-title\"><h2 id=\"releases-title\">Releases</h2>\(body)</section>"
    }

    func release(_ release: Release) -> HTML {
        let date: HTML = (release.publishedAt ?? release.createdAt).map { RepositoryPage.date($0, now: now) } ?? ""
        let pre: HTML = release.prerelease ? " <span class=\"tag\">pre-release</span>" : ""
        let link: HTML =
            URL(string: release.htmlURL).map { ["https", "http"].contains($0.scheme?.lowercased() ?? "") } == true
            ? "<a href=\"\(release.htmlURL)\" rel=\"noopener noreferrer\"><bdi>\(release.title)</bdi></a>" : "<bdi>\(release.title)</bdi>"
        return
            "<li data-release=\"\(release.tagName)\">\(link)\(pre)<br><span class=\"muted\"><code>\(release.tagName)</code> · \(date)</span></li>"
    }

    var contributorsView: HTML {
        let body: HTML
        switch contributors {
        case .failure(let error): body = "<p class=\"muted\">\(error.message)</p>"
        case .success(let people) where people.isEmpty: return ""
        case .success(let people):
            body = "<ul class=\"contributors\">\(people.prefix(10).map(contributor))</ul>"
        }
        return
            "<section class=\"contributors-section\" aria-labelledby=\"contributors-title\"><h2 id=\"contributors-title\">Top contributors</h2>\(body)</section>"
    }

    func contributor(_ person: Contributor) -> HTML {
        let name: HTML =
            RepositoryName.isValidLogin(person.login)
            ? "<a href=\"\(SiteURL.account(AccountList(login: person.login)).href)\">\(person.login)</a>" : "<bdi>\(person.login)</bdi>"
        return """
            <li data-contributor="\(person.login)">\(RepositoryRow.avatar(person.avatarURL, size: 32))\(name) \
            <span class="muted">\(GroupedNumber.format(person.contributions)) contribution\(person.contributions == 1 ? "" : "s")</span></li>
            """
    }

    var readmeView: HTML {
        switch readme {
        case .success(nil): return ""
        case .failure(let error):
            return
                "<section class=\"readme-section\" aria-label=\"README\"><h2>README</h2><p class=\"muted\">\(error.message)</p></section>"
        case .success(let html?):
            return """
                <section class="readme-section" aria-labelledby="readme-title"><h2 id="readme-title">README</h2>
                <div class="readme" data-readme>\(html)</div></section>
                """
        }
    }

    static func percent(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
