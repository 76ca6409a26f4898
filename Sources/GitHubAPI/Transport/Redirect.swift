import Foundation

/// GitHub's redirects: `301` for a renamed or transferred repository (to `/repositories/ID`),
/// `302`/`307`/`308` for temporary moves. Only those that stay under the configured API are
/// followed, since the request carries the token.
enum Redirect {
    static let statuses: Set<Int> = [301, 302, 307, 308]

    /// Where `response` redirects to, resolved against the URL asked; nil when it is no redirect.
    static func location(of response: GitHubResponse) -> URL? {
        guard statuses.contains(response.status), let location = response.header("location")?.trimmingCharacters(in: .whitespaces),
            !location.isEmpty
        else { return nil }
        return URL(string: location, relativeTo: response.url)?.absoluteURL
    }

    /// True when `url` has the API's scheme, host and port and lies under its path
    /// (`/api/v3/…` for GitHub Enterprise Server).
    static func staysWithin(_ baseURL: URL, _ url: URL) -> Bool {
        guard Origin(url) == Origin(baseURL) else { return false }
        var basePath = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        guard !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { return false }
        return basePath.isEmpty || path == basePath || path.hasPrefix(basePath + "/")
    }
}
