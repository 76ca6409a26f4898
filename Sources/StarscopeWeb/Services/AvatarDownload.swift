import AsyncHTTPClient
import Foundation
import NIOCore
import StarscopeStore

/// Fetches avatars, only from GitHub's avatar host or the configured API's own origin.
enum AvatarDownload {
    struct Refused: Error {}

    /// The image types served; anything else (SVG, HTML, JSON) is refused.
    static let imageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    /// Whether `url` may be fetched: an avatar path (`/u/ID`, `/in/ID`, with at most `v` and `s`
    /// in the query) on https://avatars.githubusercontent.com, or under `/avatars/` on the API's
    /// origin (GitHub Enterprise). Nothing else on those hosts is ever requested.
    static func isAllowed(_ url: URL, apiURL: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), url.user == nil, url.password == nil,
            url.fragment == nil, isAvatarQuery(url.query)
        else {
            return false
        }
        let path = url.path
        if scheme == "https", host == "avatars.githubusercontent.com", url.port == nil || url.port == 443 {
            return isAvatarPath(path[...])
        }
        guard scheme == apiURL.scheme?.lowercased() && host == apiURL.host?.lowercased() && url.port == apiURL.port,
            path.hasPrefix("/avatars/")
        else { return false }
        return isAvatarPath(path.dropFirst("/avatars".count))
    }

    /// `/u/123` or `/in/123`.
    static func isAvatarPath(_ path: Substring) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty, parts[1] == "u" || parts[1] == "in" else { return false }
        return (1...20).contains(parts[2].count) && parts[2].utf8.allSatisfy { (48...57).contains($0) }
    }

    static func isAvatarQuery(_ query: String?) -> Bool {
        guard let query, !query.isEmpty else { return true }
        return query.count <= 40
            && query.split(separator: "&").allSatisfy { pair in
                let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
                return parts.count == 2 && (parts[0] == "v" || parts[0] == "s") && parts[1].utf8.allSatisfy { (48...57).contains($0) }
            }
    }

    static func fetch(_ url: URL, client: HTTPClient, timeout: Duration) async throws -> AvatarImage {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "Starscope/0.1")
        request.headers.add(name: "Accept", value: "image/*")
        let response = try await client.execute(request, timeout: .seconds(Int64(max(1, timeout.components.seconds))))
        guard response.status == .ok else { throw Refused() }
        let contentType = (response.headers.first(name: "content-type") ?? "").split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let contentType, imageTypes.contains(contentType) else { throw Refused() }
        let body = try await response.body.collect(upTo: 2 * 1024 * 1024)
        return AvatarImage(data: Data(body.readableBytesView), contentType: contentType)
    }
}
