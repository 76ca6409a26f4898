import Foundation
import Hummingbird

/// The app's own CSS, JavaScript and images, compiled into the binary so that `starscope serve`
/// finds them wherever it runs from. No CDN, no framework.
enum Assets {
    static let files: [String: (contentType: String, body: String)] = [
        "app.css": ("text/css; charset=utf-8", StyleSheet.css + "\n" + LanguageColors.styleSheet),
        "app.js": ("text/javascript; charset=utf-8", Script.javascript),
        "no-avatar.svg": ("image/svg+xml", Images.noAvatar),
        "icon.svg": ("image/svg+xml", Images.icon),
        "icon-maskable.svg": ("image/svg+xml", Images.maskableIcon),
    ]

    static let images: [String: Data] = ["icon-192.png": PNGIcons.icon192, "icon-512.png": PNGIcons.icon512]

    static func response(for name: String, maxAge: Int) -> Response? {
        if let image = images[name] {
            var headers = HTTPFields()
            headers[.contentType] = "image/png"
            headers[.cacheControl] = "public, max-age=\(maxAge)"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: image)))
        }
        guard let file = files[name] else { return nil }
        var headers = HTTPFields()
        headers[.contentType] = file.contentType
        headers[.cacheControl] = "public, max-age=\(maxAge)"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: file.body)))
    }
}

enum Images {
    static let maskableIcon = """
        <svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" fill="#1f6feb"/>\
        <path d="M256 136l36 84 91 6-70 60 22 89-79-48-79 48 22-89-70-60 91-6z" fill="#fff"/></svg>
        """

    static let noAvatar = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#8c959f"/>\
        <circle cx="20" cy="15" r="7" fill="#fff"/><path d="M7 36c2-8 8-11 13-11s11 3 13 11z" fill="#fff"/></svg>
        """

    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1f6feb"/>\
        <path d="M32 10l6 14 15 1-11 10 4 15-14-8-14 8 4-15-11-10 15-1z" fill="#fff"/></svg>
        """
}
