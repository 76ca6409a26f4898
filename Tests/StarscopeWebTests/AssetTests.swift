import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StarscopeWeb

/// The files in `Sources/StarscopeWeb/Public` are embedded as they are, linked by versioned URLs
/// served as immutable, and still answered under their plain names.
@Suite struct AssetTests {
    static let publicFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/StarscopeWeb/Public")

    @Test func everyFileInPublicIsEmbeddedByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.publicFolder.path).filter { !$0.hasPrefix(".") }
        #expect(names.count >= 9)
        #expect(Set(names) == Set(Assets.all.keys))
        for name in names where name != "app.css" {
            let onDisk = try Data(contentsOf: Self.publicFolder.appendingPathComponent(name))
            #expect(Assets.all[name]?.body == onDisk, "\(name)")
        }
        // The stylesheet is the file, then the language colours.
        let css = try Data(contentsOf: Self.publicFolder.appendingPathComponent("app.css"))
        let served = try #require(Assets.all["app.css"]?.body)
        #expect(served.prefix(css.count) == css)
        #expect(String(decoding: served, as: UTF8.self).contains(".lang-swift{--lang:"))
    }

    @Test func pagesLinkVersionedAssetsServedAsImmutable() async throws {
        try await WebHarness.run { web in
            let html = String(buffer: try await web.get("/favorites").body)
            for name in ["app.css", "app.js", "icon.svg"] {
                let url = Assets.url(name)
                #expect(url.range(of: #"^/assets/[a-z-]+\.[0-9a-f]{16}\.[a-z]+$"#, options: .regularExpression) != nil, "\(url)")
                #expect(html.contains("\"\(url)\""), "\(name)")
                let versioned = try await web.get(url)
                #expect(versioned.status == .ok)
                #expect(versioned.headers[.cacheControl] == "public, max-age=31536000, immutable")
                let plain = try await web.get("/assets/\(name)")
                #expect(plain.headers[.cacheControl] == "public, max-age=3600")
                #expect(plain.body == versioned.body)
            }
            // A wrong hash is no asset.
            #expect(try await web.get("/assets/app.0000000000000000.css").status == .notFound)
            let worker = try await web.get("/sw.js")
            #expect(worker.headers[.cacheControl] == "no-cache")
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            let manifest = try await web.get("/manifest.webmanifest")
            #expect(manifest.headers[.contentType] == "application/manifest+json")
        }
    }

    @Test func theHashFollowsTheContent() {
        #expect(Asset(name: "a.css", body: Data("x".utf8)).hash != Asset(name: "a.css", body: Data("y".utf8)).hash)
        #expect(Asset(name: "a.css", body: Data("x".utf8)).versionedName.hasPrefix("a."))
        #expect(Asset(name: "a.css", body: Data("x".utf8)).versionedName.hasSuffix(".css"))
    }
}
