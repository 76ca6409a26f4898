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
        let parts = Assets.bundles.flatMap { bundle, parts in parts.filter { $0 != bundle } }
        #expect(Set(names).subtracting(parts) == Set(Assets.all.keys))
        let served = { (name: String) throws -> Data in
            let onDisk = try Data(contentsOf: Self.publicFolder.appendingPathComponent(name))
            // Scripts lose their comment lines and indentation (`ScriptTrimming`), style sheets
            // their comments (`StyleTrimming`), nothing else.
            if name.hasSuffix(".js") { return Data(ScriptTrimming.trimmed(String(decoding: onDisk, as: UTF8.self)).utf8) }
            if name.hasSuffix(".css") { return Data(StyleTrimming.trimmed(String(decoding: onDisk, as: UTF8.self)).utf8) }
            return onDisk
        }
        for name in names where !parts.contains(name) && Assets.bundles[name] == nil {
            #expect(Assets.all[name]?.body == (try served(name)), "\(name)")
        }
        // A bundle is its parts, in order (app.js after the addresses of what it loads later).
        for (bundle, parts) in Assets.bundles {
            let body = try #require(Assets.all[bundle]?.body)
            let whole = try parts.map(served).reduce(Data(), +)
            #expect(body.suffix(whole.count) == whole, "\(bundle)")
            #expect(String(decoding: body, as: UTF8.self).hasPrefix("\"use strict\";\nconst ASSETS = {"), "\(bundle)")
        }
    }

    @Test func styleSheetsLoseTheirCommentsOnly() {
        #expect(StyleTrimming.trimmed("a{b:c}\n/* one\n   two */\nd{e:f}/* g */h{i:j}\n") == "a{b:c}\nd{e:f}h{i:j}\n")
        #expect(StyleTrimming.trimmed("a{b:c}/* never closed") == "a{b:c}")
        for name in ["app.css", "detail.css"] {
            let served = String(decoding: Assets.all[name]?.body ?? Data(), as: UTF8.self)
            #expect(!served.contains("/*") && !served.contains("*/") && served.contains("{"), "\(name)")
        }
    }

    @Test func scriptsLoseCommentLinesAndIndentationOnly() throws {
        let source = "\"use strict\";\n// a comment\n  const a = 1; // kept\n\n\tif (a) {\n    run(\"//x\");\n  }\n"
        #expect(ScriptTrimming.trimmed(source) == "\"use strict\";\nconst a = 1; // kept\nif (a) {\nrun(\"//x\");\n}\n")
        let template = "const t = `\n  two lines\n`;\n"
        #expect(ScriptTrimming.trimmed(template) == template)
        // A template literal within one line is code like any other.
        #expect(ScriptTrimming.trimmed("// c\n  const u = `a ${b}`;\n    go(`x`, `y`);\n") == "const u = `a ${b}`;\ngo(`x`, `y`);\n")
        let continued = "const s = \"a\\\n  // b\";\n"
        #expect(ScriptTrimming.trimmed(continued) == continued)
        for name in ["app.js", "sw.js", "offline.js"] {
            let onDisk = try String(contentsOf: Self.publicFolder.appendingPathComponent(name), encoding: .utf8)
            let served = ScriptTrimming.trimmed(onDisk)
            #expect(served.utf8.count < onDisk.utf8.count, "\(name)")
            // Every line of code is still there, in order.
            let code = onDisk.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
            #expect(served.split(separator: "\n").map(String.init) == code.map(String.init), "\(name)")
        }
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
