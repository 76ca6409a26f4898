import AsyncHTTPClient
import Foundation
import NIOCore
import StarscopeStore

/// Fetches avatars, only from GitHub's avatar host or the configured API's own origin.
enum AvatarDownload {
    struct Refused: Error {}

    /// Whether `url` may be fetched: https://avatars.githubusercontent.com, or the API's origin.
    static func isAllowed(_ url: URL, apiURL: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), url.user == nil, url.password == nil else {
            return false
        }
        if scheme == "https", host == "avatars.githubusercontent.com", url.port == nil || url.port == 443 { return true }
        return scheme == apiURL.scheme?.lowercased() && host == apiURL.host?.lowercased() && url.port == apiURL.port
    }

    static func fetch(_ url: URL, client: HTTPClient, timeout: Duration) async throws -> AvatarCache.Image {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "Starscope/0.1")
        request.headers.add(name: "Accept", value: "image/*")
        let response = try await client.execute(request, timeout: .seconds(Int64(max(1, timeout.components.seconds))))
        guard response.status == .ok else { throw Refused() }
        let contentType = response.headers.first(name: "content-type")?.lowercased() ?? ""
        guard contentType.hasPrefix("image/") else { throw Refused() }
        let body = try await response.body.collect(upTo: 2 * 1024 * 1024)
        return AvatarCache.Image(data: Data(body.readableBytesView), contentType: String(contentType.prefix(60)))
    }
}
