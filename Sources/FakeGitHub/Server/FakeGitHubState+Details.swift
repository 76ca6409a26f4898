import Foundation
import StarscopeModels

/// A repository and its sections: README (JSON, raw or HTML), releases, contributors, languages.
/// An empty repository (`emptied`, no commits yet) answers as GitHub does: no README (404), no
/// releases and no languages (empty), and `204 No Content` for its contributors.
extension FakeGitHubState {
    func repositoryResource(_ index: Int, rest: [String], request: FakeRequest, render: JSONRendering) -> FakeResponse {
        let repository = current(index)
        if changes.emptied.contains(index) {
            switch rest {
            case ["readme"]:
                return .error(404, "Not Found", documentation: "https://docs.github.com/rest/repos/contents#get-a-repository-readme")
            case ["contributors"]: return FakeResponse(status: 204, body: Data())
            case ["releases"]: return .json(.array([]), caching: .standard(lastModified: nil))
            case ["languages"]: return .json(.object([:]), caching: .standard(lastModified: nil))
            default: break
            }
        }
        switch rest {
        case []: return self.repository(index, render: render)
        case ["readme"]: return readme(repository, request: request, render: render)
        case ["releases"]: return releases(repository, all: releases(at: index), request: request, render: render)
        case ["releases", "latest"]: return latestRelease(repository, all: releases(at: index), render: render)
        case ["contributors"]: return contributors(repository, request: request, render: render)
        case ["stargazers", "history"]: return starHistory(index, request: request)
        case ["languages"]:
            var response = FakeResponse(status: 200, body: JSONRendering.languages(dataset.languages(for: repository)))
            response.caching = .standard(lastModified: nil)
            return response
        default: return .error(404, "Not Found", documentation: "https://docs.github.com/rest")
        }
    }

    /// `application/vnd.github.raw` gives the Markdown, `application/vnd.github.html` GitHub's
    /// rendering, anything else the JSON with base64 `content`.
    func readme(_ repository: FakeRepository, request: FakeRequest, render: JSONRendering) -> FakeResponse {
        guard let markdown = dataset.readme(for: repository) else {
            return .error(404, "Not Found", documentation: "https://docs.github.com/rest/repos/contents#get-a-repository-readme")
        }
        let accept = request.accept?.lowercased() ?? ""
        let path = dataset.readmePath(for: repository)
        var response: FakeResponse
        if accept.contains("vnd.github.raw") || accept.contains("vnd.github.v3.raw") {
            response = FakeResponse(status: 200, body: Data(markdown.utf8), contentType: "text/plain; charset=utf-8")
        } else if accept.contains("vnd.github.html") || accept.contains("vnd.github.v3.html") {
            let site = MarkdownRendering.Site(fullName: repository.fullName, branch: repository.defaultBranch, path: path)
            let html = MarkdownRendering.html(markdown, path: path, site: site)
            response = FakeResponse(status: 200, body: Data(html.utf8), contentType: "text/html;charset=utf-8")
        } else {
            response = .json(render.readme(markdown, path: path, repository: repository))
        }
        response.caching = .standard(lastModified: repository.pushedAt)
        return response
    }

    func releases(_ repository: FakeRepository, all releases: [FakeRelease], request: FakeRequest, render: JSONRendering) -> FakeResponse {
        let (perPage, page) = Self.paging(request, defaultPerPage: 30)
        let items = Self.slice(releases[...], perPage: perPage, page: page).map { render.release($0, repository: repository) }
        var response = FakeResponse.json(.array(items), caching: .standard(lastModified: nil))
        if let link = Self.pageLinks(request, total: releases.count, perPage: perPage, page: page) {
            response.headers.append(("Link", link))
        }
        return response
    }

    func latestRelease(_ repository: FakeRepository, all releases: [FakeRelease], render: JSONRendering) -> FakeResponse {
        guard let latest = releases.first(where: { !$0.prerelease && !$0.draft }) else {
            return .error(404, "Not Found", documentation: "https://docs.github.com/rest/releases/releases#get-the-latest-release")
        }
        return .json(render.release(latest, repository: repository), caching: .standard(lastModified: latest.publishedAt))
    }

    func contributors(_ repository: FakeRepository, request: FakeRequest, render: JSONRendering) -> FakeResponse {
        let contributors = dataset.contributors(for: repository)
        let (perPage, page) = Self.paging(request, defaultPerPage: 30)
        let items = Self.slice(contributors[...], perPage: perPage, page: page).map {
            render.contributor($0.account, contributions: $0.contributions)
        }
        var response = FakeResponse.json(.array(items), caching: .standard(lastModified: nil))
        if let link = Self.pageLinks(request, total: contributors.count, perPage: perPage, page: page) {
            response.headers.append(("Link", link))
        }
        return response
    }
}
