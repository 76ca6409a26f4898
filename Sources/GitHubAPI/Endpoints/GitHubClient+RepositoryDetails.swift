import Foundation
import StarscopeModels

/// The sections of a repository's page: README, releases, contributors and languages.
extension GitHubClient {
    /// GitHub's media types for a README other than its JSON.
    public enum MediaType {
        /// The file as stored (Markdown, usually).
        public static let raw = "application/vnd.github.raw"
        /// GitHub's own HTML rendering (untrusted all the same: sanitise before showing it).
        public static let html = "application/vnd.github.html"
    }

    /// `GET /repos/{owner}/{repo}/readme`: the README's JSON, its Markdown decoded from base64.
    public func readme(owner: String, name: String) async throws(GitHubError) -> Readme {
        try await get(Readme.self, .get(repositoryPath(owner, name) + "/readme"))
    }

    /// The README as GitHub stores it (`Accept: application/vnd.github.raw`).
    public func readmeMarkdown(owner: String, name: String) async throws(GitHubError) -> String {
        try await text(GitHubRequest.get(repositoryPath(owner, name) + "/readme").accepting(MediaType.raw))
    }

    /// The README rendered by GitHub (`Accept: application/vnd.github.html`): untrusted HTML.
    public func readmeHTML(owner: String, name: String) async throws(GitHubError) -> String {
        try await text(GitHubRequest.get(repositoryPath(owner, name) + "/readme").accepting(MediaType.html))
    }

    /// `GET /repos/{owner}/{repo}/releases`, newest first.
    public func releases(owner: String, name: String, perPage: Int = 30, page: Int = 1) async throws(GitHubError) -> Page<Release> {
        var parameters = [QueryItem("per_page", String(perPage))]
        if page > 1 { parameters.append(QueryItem("page", String(page))) }
        return try await self.page(.get(repositoryPath(owner, name) + "/releases", parameters), shape: .array)
    }

    /// `GET /repos/{owner}/{repo}/releases/latest`: the newest release that is neither a draft
    /// nor a pre-release; GitHub answers 404 when there is none.
    public func latestRelease(owner: String, name: String) async throws(GitHubError) -> Release {
        try await get(Release.self, .get(repositoryPath(owner, name) + "/releases/latest"))
    }

    /// `GET /repos/{owner}/{repo}/contributors`, most contributions first.
    public func contributors(owner: String, name: String, perPage: Int = 30, page: Int = 1) async throws(GitHubError) -> Page<
        Contributor
    > {
        var parameters = [QueryItem("per_page", String(perPage))]
        if page > 1 { parameters.append(QueryItem("page", String(page))) }
        return try await self.page(.get(repositoryPath(owner, name) + "/contributors", parameters), shape: .array)
    }

    /// `GET /repos/{owner}/{repo}/languages`: bytes per language, largest first.
    public func languages(owner: String, name: String) async throws(GitHubError) -> Languages {
        try await get(Languages.self, .get(repositoryPath(owner, name) + "/languages"))
    }

    /// A body that is text (a README's Markdown or HTML), refused when it is not UTF-8.
    func text(_ request: GitHubRequest) async throws(GitHubError) -> String {
        var request = request
        request.expects = .utf8Text
        let response = try await send(request)
        if let text = response.decoded as? String { return text }
        guard let text = String(data: response.body, encoding: .utf8) else {
            throw .undecodable(reason: "the answer from \(response.url.path) is not UTF-8 text")
        }
        return text
    }

    func repositoryPath(_ owner: String, _ name: String) -> String {
        "/repos/\(segment(owner))/\(segment(name))"
    }
}

extension BodyCheck {
    /// The body must be UTF-8 text (a README in a media type other than JSON).
    public static let utf8Text = BodyCheck(name: "UTF-8 text") { body in String(data: body, encoding: .utf8) }
}
