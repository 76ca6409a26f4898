import Foundation
import GitHubAPI
import StarscopeModels
import StarscopeStore

/// The sections of a repository's page. Each costs one request, cached and revalidated like
/// every answer (none while fresh), and is answered from the store when GitHub cannot answer.
extension Explorer {
    /// The README's Markdown as GitHub stores it; nil when the repository has none.
    public func readmeMarkdown(_ name: RepositoryName) async throws(StarscopeError) -> String? {
        try await readme(name) { () async throws(GitHubError) in try await client.readmeMarkdown(owner: name.owner, name: name.name) }
    }

    /// GitHub's HTML rendering of the README, untrusted: sanitise it before showing it (the web
    /// app's `HTMLSanitizer`). Nil when the repository has none.
    public func readmeHTML(_ name: RepositoryName) async throws(StarscopeError) -> String? {
        try await readme(name) { () async throws(GitHubError) in try await client.readmeHTML(owner: name.owner, name: name.name) }
    }

    /// GitHub answers 404 both for "no README" and "no repository": a 404 asks for the
    /// repository (usually a fresh answer, so no request) to tell which.
    private func readme(_ name: RepositoryName, _ fetch: () async throws(GitHubError) -> String) async throws(StarscopeError) -> String? {
        do {
            return try await fetch()
        } catch .notFound {
            _ = try await repository(name)
            return nil
        } catch {
            throw StarscopeError(error, about: .repository(name))
        }
    }

    /// The newest releases, up to `limit` (pages of up to 100).
    public func releases(_ name: RepositoryName, limit: Int) async throws(StarscopeError) -> ListResult<Release> {
        let perPage = pageSize(forLimit: limit)
        return try await collect(limit: limit, perPage: perPage, about: .repository(name), progress: nil) { () async throws(GitHubError) in
            try await client.releases(owner: name.owner, name: name.name, perPage: perPage)
        }
    }

    /// The latest release (neither draft nor pre-release); nil when there is none.
    public func latestRelease(_ name: RepositoryName) async throws(StarscopeError) -> Release? {
        do {
            return try await client.latestRelease(owner: name.owner, name: name.name)
        } catch .notFound {
            _ = try await repository(name)
            return nil
        } catch {
            throw StarscopeError(error, about: .repository(name))
        }
    }

    /// The top contributors, most contributions first, up to `limit`.
    public func contributors(_ name: RepositoryName, limit: Int) async throws(StarscopeError) -> ListResult<Contributor> {
        let perPage = pageSize(forLimit: limit)
        return try await collect(limit: limit, perPage: perPage, about: .repository(name), progress: nil) { () async throws(GitHubError) in
            try await client.contributors(owner: name.owner, name: name.name, perPage: perPage)
        }
    }

    /// Bytes of code per language, largest first.
    public func languages(_ name: RepositoryName) async throws(StarscopeError) -> Languages {
        do {
            return try await client.languages(owner: name.owner, name: name.name)
        } catch {
            throw StarscopeError(error, about: .repository(name))
        }
    }
}

extension Repository {
    /// True when GitHub answered for `name` with a repository of another name: it was renamed
    /// or transferred (GitHub redirected `/repos/OLD` to `/repositories/ID`).
    public func isRenamed(from name: RepositoryName) -> Bool {
        let asked = name.description
        guard let same = fullName.equalsIgnoringASCIICase(asked) else { return fullName.caseInsensitiveCompare(asked) != .orderedSame }
        return !same
    }
}
