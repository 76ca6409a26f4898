import Foundation
import Hummingbird

/// One of the web app's own files, from `Sources/StarscopeWeb/Public` (embedded at build time by
/// the `EmbedAssets` plugin), with a hash of its content for its versioned URL.
struct Asset: Sendable {
    let name: String
    let contentType: String
    let body: Data
    /// 16 hex digits of a 64-bit FNV-1a hash of the body: enough to tell versions apart.
    let hash: String

    init(name: String, body: Data) {
        self.name = name
        self.body = body
        contentType = Self.contentType(of: name)
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        hash = String(value, radix: 16).leftPadded(to: 16)
    }

    /// `app.css` → `app.0123456789abcdef.css`: a URL that changes whenever the content does.
    var versionedName: String {
        guard let dot = name.lastIndex(of: ".") else { return name + "." + hash }
        return name[..<dot] + "." + hash + name[dot...]
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "webmanifest": "application/manifest+json"
        default: "application/octet-stream"
        }
    }
}

/// The app's own CSS, JavaScript and images, compiled into the binary so that `starscope serve`
/// finds them wherever it runs from. No CDN, no framework.
enum Assets {
    /// Files served as one, in this order: every page runs both, and one answer is smaller than two.
    static let bundles: [String: [String]] = ["app.js": ["app.js", "place.js"]]

    static let all: [String: Asset] = {
        var bodies: [String: Data] = [:]
        for (name, text) in EmbeddedAssets.base64 {
            guard var body = Data(base64Encoded: text) else { continue }
            if name.hasSuffix(".css") { body = Data(StyleTrimming.trimmed(String(decoding: body, as: UTF8.self)).utf8) }
            if name.hasSuffix(".js") { body = Data(ScriptTrimming.trimmed(String(decoding: body, as: UTF8.self)).utf8) }
            bodies[name] = body
        }
        for (bundle, parts) in bundles {
            let body = parts.compactMap { bodies[$0] }.reduce(Data(), +)
            for part in parts { bodies[part] = nil }
            bodies[bundle] = body
        }
        // app.js starts with the addresses of what it loads later: written once in a file kept for
        // good, not in every page.
        let later = Dictionary(
            uniqueKeysWithValues: loadedLater.compactMap { name in
                bodies[name].map { (name, prefix + Asset(name: name, body: $0).versionedName) }
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let addresses = (try? encoder.encode(later)) ?? Data("{}".utf8)
        bodies["app.js"] = Data("\"use strict\";\nconst ASSETS = ".utf8) + addresses + Data(";\n".utf8) + (bodies["app.js"] ?? Data())
        return Dictionary(uniqueKeysWithValues: bodies.map { ($0.key, Asset(name: $0.key, body: $0.value)) })
    }()

    /// What app.js loads when it is needed (`need(…)` and `import(…)` there): a detail's style
    /// sheet and scripts for the pane (offline.js among them, also for a change that waits), the
    /// keyboard help, the side pane and the next page of a list.
    static let loadedLater = PageAssets.detail.styles + PageAssets.detail.scripts + ["help.js", "help.css", "pane.js", "more.js"]

    /// Assets by versioned name, for `/assets/NAME.HASH.EXT`.
    static let byVersionedName: [String: Asset] = Dictionary(uniqueKeysWithValues: all.values.map { ($0.versionedName, $0) })

    /// The URL pages use for `name`: versioned, so it can be cached for good.
    /// Where assets are served (`SiteURL.Pattern.asset`).
    static let prefix = "/assets/"

    static func url(_ name: String) -> String {
        all[name].map { prefix + $0.versionedName } ?? prefix + name
    }

    /// `/assets/NAME`: a versioned name is immutable for a year; a plain one (the manifest's icons,
    /// the service worker's list) is kept for an hour.
    static func response(for requested: String, maxAge: Int = 3_600) -> Response? {
        if let asset = byVersionedName[requested] {
            return response(asset, cacheControl: "public, max-age=31536000, immutable")
        }
        return all[requested].map { response($0, cacheControl: maxAge == 0 ? "no-cache" : "public, max-age=\(maxAge)") }
    }

    static func response(_ asset: Asset, cacheControl: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        headers[.cacheControl] = cacheControl
        if let field = EncodingMiddleware.isAsset { headers[field] = "1" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.body)))
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
