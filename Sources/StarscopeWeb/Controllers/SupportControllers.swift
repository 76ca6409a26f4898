import Foundation
import Hummingbird
import StarscopeCore
import StarscopeStore

/// `/avatar?src=…` (from the avatar cache, long-lived), `/open?link=…`, `/healthz` and the assets.
struct SupportController {
    /// The API GitHub's avatars may also come from.
    let apiURL: URL
    /// An avatar from the cache (fetched once, kept on this server's disk).
    let avatar: @Sendable (URL) async throws -> AvatarImage
    /// Whether the store answers (`/healthz`).
    let ping: @Sendable () async throws(StoreError) -> Void

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.avatar), use: avatar)
        router.get(RouterPath(SiteURL.Pattern.open), use: open)
        // For load balancers: "ok" only when the store answers too, so an instance whose database
        // is away is taken out of rotation.
        router.get(RouterPath(SiteURL.Pattern.healthz)) { [ping] _, _ -> Response in
            do throws(StoreError) {
                try await ping()
                return Response(status: .ok, body: .init(byteBuffer: .init(string: "ok")))
            } catch {
                return Response(status: .serviceUnavailable, body: .init(byteBuffer: .init(string: error.message)))
            }
        }
        router.get(RouterPath(SiteURL.Pattern.asset), use: asset)
        router.get(RouterPath(SiteURL.Pattern.manifest)) { _, _ in
            Assets.response(for: "manifest.webmanifest") ?? Response(status: .notFound)
        }
        // The service worker lives at the root so that its scope is the whole app.
        router.get(RouterPath(SiteURL.Pattern.serviceWorker)) { _, _ in
            Assets.serviceWorker.map { Assets.response($0, cacheControl: "no-cache") } ?? Response(status: .notFound)
        }
        router.get(RouterPath(SiteURL.Pattern.offline), use: offline)
    }

    /// The service worker's page for what this device did not keep: rendered for no one (no
    /// session, token or unread count), since it outlives any session in the worker's shell.
    @Sendable func offline(_ request: Request, context: WebContext) async throws -> Response {
        var anyone = context
        anyone.csrf = ""
        anyone.sessionSecret = nil
        anyone.viewer = .everyone
        anyone.unreadUpdates = 0
        anyone.theme = .system
        var response = try anyone.render(OfflinePage()).response(from: request, context: context)
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    @Sendable func avatar(_ request: Request, context: WebContext) async throws -> Response {
        guard let text = QueryValues(request)["src"], let url = URL(string: text),
            AvatarDownload.isAllowed(url, apiURL: apiURL)
        else {
            return Assets.response(for: "no-avatar.svg", maxAge: 3_600) ?? Response(status: .notFound)
        }
        do {
            let image = try await avatar(url)
            guard AvatarDownload.imageTypes.contains(image.contentType) else { throw AvatarDownload.Refused() }
            var headers = HTTPFields()
            headers[.contentType] = image.contentType
            headers[.cacheControl] = "public, max-age=604800, immutable"
            // An SVG avatar is shown as an image; should it be opened directly, it may run nothing.
            headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: image.data)))
        } catch {
            return Assets.response(for: "no-avatar.svg", maxAge: 60) ?? Response(status: .notFound)
        }
    }

    /// Opens a repository from `starscope://repo/OWNER/NAME`, a github.com URL or `OWNER/NAME`, or
    /// an account from `https://github.com/LOGIN`; redirects only to this app's own `/repos/…` or
    /// `/users/…` page.
    @Sendable func open(_ request: Request, context: WebContext) async throws -> Response {
        let link = QueryValues(request)["link"] ?? ""
        do {
            switch try DeepLink.target(from: link) {
            case .repository(let name):
                return .redirect(to: SiteURL.repository(name, from: .trending(TrendingList())).href, type: .found)
            case .account(let login):
                return .redirect(to: SiteURL.account(AccountList(login: login)).href, type: .found)
            }
        } catch {
            return try context.render(MessagePage.badRequest(error.message)).response(from: request, context: context)
        }
    }

    @Sendable func asset(_ request: Request, context: WebContext) async throws -> Response {
        guard let name = context.parameters.get("file"), let response = Assets.response(for: name) else {
            throw HTTPError(.notFound)
        }
        return response
    }
}
