import CBrotli
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StarscopeTestSupport
import Testing

@testable import StarscopeWeb

/// Answers with a whole body carry an ETag made from it and answer 304 to it; they are compressed
/// (brotli, else gzip) only for a browser that asks, and say so in `Vary`. Streamed answers are
/// left as they are.
@Suite struct EncodingTests {
    /// What Chromium asks for.
    static let browser: HTTPFields = [.acceptEncoding: "gzip, deflate, br, zstd"]
    /// What a client without brotli asks for (curl's `--compressed` on many builds, older tools).
    static let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate"]

    /// `body` decoded by the system's Brotli decoder.
    static func unbrotli(_ body: ByteBuffer) throws -> String {
        var decoded = [UInt8](repeating: 0, count: 1 << 22)
        var size = decoded.count
        let result = Array(body.readableBytesView).withUnsafeBufferPointer { input in
            decoded.withUnsafeMutableBufferPointer { output in
                BrotliDecoderDecompress(input.count, input.baseAddress, &size, output.baseAddress)
            }
        }
        try #require(result == BROTLI_DECODER_RESULT_SUCCESS)
        return String(decoding: decoded.prefix(size), as: UTF8.self)
    }

    /// `gzip -dc` of `body`.
    static func gunzip(_ body: ByteBuffer) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-gzip-\(UUID().uuidString).gz")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(buffer: body).write(to: file)
        let pipe = Pipe()
        let child = try SpawnedProcess.start("/bin/gzip", ["-dc", file.path], environment: ["PATH": "/usr/bin:/bin"], stdout: pipe)
        let output = pipe.fileHandleForReading.readAllRetryingInterrupts()
        #expect(child.waitForExit() == 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// A page that depends on nothing that changes by itself (New & popular's rows say how long
    /// ago things happened, so it can change from one request to the next).
    static let page = "/favorites"

    @Test func pagesAreCompressedOnlyWhenTheBrowserAsks() async throws {
        try await WebHarness.run { web in
            let plain = try await web.get(Self.page)
            #expect(plain.status == .ok)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.vary] == "Accept-Encoding")
            let html = String(buffer: plain.body)
            #expect(html.hasPrefix("<!doctype html>"))

            let cookie = try #require(plain.headers[values: .setCookie].first?.split(separator: ";").first)
            let zipped = try await web.get(Self.page, headers: [.acceptEncoding: "gzip, deflate", .cookie: String(cookie)])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.vary] == "Accept-Encoding")
            #expect(zipped.body.readableBytes * 2 < plain.body.readableBytes)
            let unzipped = try Self.gunzip(zipped.body)
            // The same page for the same browser (its CSRF cookie), byte for byte.
            let again = String(buffer: try await web.get(Self.page, headers: [.cookie: String(cookie)]).body)
            #expect(unzipped == again)
            // A browser gets brotli: the same page, smaller than gzip's.
            let brotli = try await web.get(Self.page, headers: [.acceptEncoding: "gzip, deflate, br, zstd", .cookie: String(cookie)])
            #expect(brotli.headers[.contentEncoding] == "br")
            #expect(brotli.headers[.vary] == "Accept-Encoding")
            #expect(brotli.headers[.eTag] == zipped.headers[.eTag])
            #expect(try Self.unbrotli(brotli.body) == again)
            #expect(brotli.body.readableBytes < zipped.body.readableBytes)

            for refused in ["gzip;q=0", "identity", "zstd", "gzip;q=0, br;q=0, *;q=1", "*;q=0"] {
                let response = try await web.get(Self.page, headers: [.acceptEncoding: refused, .cookie: String(cookie)])
                #expect(response.headers[.contentEncoding] == nil, "\(refused)")
            }
            #expect(try await web.get(Self.page, headers: [.acceptEncoding: "*"]).headers[.contentEncoding] == "br")
            #expect(try await web.get(Self.page, headers: [.acceptEncoding: "br;q=0.5, gzip"]).headers[.contentEncoding] == "gzip")
        }
    }

    @Test func anUnchangedPageAnswers304WithNoBody() async throws {
        try await WebHarness.run { web in
            let first = try await web.get(Self.page)
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("W/\""))
            // Without the CSRF cookie the server issues a new token: another body, another tag.
            let other = try await web.get(Self.page, headers: [.ifNoneMatch: tag])
            #expect(other.status == .ok)
            #expect(other.headers[.eTag] != tag)

            let cookie = String(try #require(first.headers[values: .setCookie].first?.split(separator: ";").first))
            let page = try await web.get(Self.page, headers: [.cookie: cookie])
            let mine = try #require(page.headers[.eTag])
            for field in [mine, "\"x\", \(mine)", mine.replacingOccurrences(of: "W/", with: ""), "*"] {
                let revalidated = try await web.get(Self.page, headers: [.cookie: cookie, .ifNoneMatch: field])
                #expect(revalidated.status == .notModified, "\(field)")
                #expect(revalidated.body.readableBytes == 0)
                #expect(revalidated.headers[.eTag] == mine)
            }
            // The same tag whether the body was compressed or not: one body, several encodings.
            let zipped = try await web.get(Self.page, headers: [.cookie: cookie, .acceptEncoding: "gzip"])
            #expect(zipped.headers[.eTag] == mine)
            #expect(
                try await web.get(Self.page, headers: [.cookie: cookie, .ifNoneMatch: mine, .acceptEncoding: "gzip"]).status == .notModified
            )

            // Anything the body depends on changes the tag: here the theme cookie.
            let dark = try await web.get(Self.page, headers: [.cookie: cookie + "; theme=dark", .ifNoneMatch: mine])
            #expect(dark.status == .ok)
            #expect(dark.headers[.eTag] != mine)
            #expect(String(buffer: dark.body).contains("dark"))
        }
    }

    @Test func assetsAreCompressedAsSmallAsBrotliCanAndValidated() async throws {
        try await WebHarness.run { web in
            let marker = try #require(EncodingMiddleware.isAsset)
            for url in [Assets.url("app.js"), Assets.url("app.css"), SiteURL.Pattern.serviceWorker] {
                let plain = try await web.get(url)
                #expect(plain.headers[marker] == nil)
                let zipped = try await web.get(url, headers: Self.gzip)
                #expect(zipped.headers[.contentEncoding] == "gzip")
                #expect(try Self.gunzip(zipped.body) == String(buffer: plain.body))
                // Compressed once, at brotli's best: smaller than a page's quick compression.
                let brotli = try await web.get(url, headers: Self.browser)
                #expect(brotli.headers[.contentEncoding] == "br")
                #expect(brotli.headers[marker] == nil)
                #expect(try Self.unbrotli(brotli.body) == String(buffer: plain.body))
                let quick = try #require(Brotli.compress(plain.body, quality: .page))
                #expect(brotli.body.readableBytes < quick.readableBytes, "\(url)")
                let tag = try #require(plain.headers[.eTag])
                #expect(try await web.get(url, headers: [.ifNoneMatch: tag]).status == .notModified)
            }
            #expect(
                try await web.get(Assets.url("app.js"), headers: Self.browser).headers[.cacheControl]
                    == "public, max-age=31536000, immutable")
            // Images are already compressed.
            let png = try await web.get("/assets/icon-192.png", headers: Self.browser)
            #expect(png.headers[.contentEncoding] == nil)
            #expect(png.headers[.vary] == nil)
        }
    }

    @Test func aFeedKeepsItsOwnTagWeakenedWhenCompressed() async throws {
        try await WebHarness.run { web in
            let plain = try await web.get("/feeds/trending.atom?since=week")
            let tag = try #require(plain.headers[.eTag])
            #expect(!tag.hasPrefix("W/"))
            let zipped = try await web.get("/feeds/trending.atom?since=week", headers: Self.gzip)
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.eTag] == "W/" + tag)
            #expect(try Self.gunzip(zipped.body) == String(buffer: plain.body))
            let again = try await web.get("/feeds/trending.atom?since=week", headers: [.ifNoneMatch: "W/" + tag, .acceptEncoding: "gzip"])
            #expect(again.status == .notModified)
            let brotli = try await web.get("/feeds/trending.atom?since=week", headers: Self.browser)
            #expect(brotli.headers[.contentEncoding] == "br")
            #expect(brotli.headers[.eTag] == "W/" + tag)
            #expect(try Self.unbrotli(brotli.body) == String(buffer: plain.body))
        }
    }

    @Test func aStreamedDetailIsNeitherBufferedNorCompressed() async throws {
        try await WebHarness.run { web in
            let list = String(buffer: try await web.get("/").body)
            let start = try #require(list.range(of: "data-repo=\"")).upperBound
            let name = String(list[start...].prefix { $0 != "\"" })
            let detail = try await web.get("/repos/\(name)", headers: Self.browser)
            #expect(detail.status == .ok)
            #expect(detail.headers[.contentEncoding] == nil)
            #expect(detail.headers[.eTag] == nil)
            let html = String(buffer: detail.body)
            #expect(html.contains(RepositoryPage.sectionsMarker.markup))
            #expect(html.hasSuffix("</html>\n") || html.hasSuffix("</html>"))
        }
    }

    /// On a team the sections wait inside one whole answer (a proxy can resend it elsewhere until
    /// its first byte leaves); alone they stream after the head. The bytes are the same.
    @Test(arguments: [true, false]) func sectionsStreamAloneAndComeWholeOnATeam(whole: Bool) async throws {
        let page: HTML = "<main>head\(RepositoryPage.sectionsMarker)tail</main>"
        let response = await SectionsStream.response(page, policy: "default-src 'none'", whole: whole) { "<section>readme</section>" }
        let expected = "<main>head<!--sections--><section>readme</section>tail</main>"
        #expect(response.body.contentLength == (whole ? expected.utf8.count : nil))
        #expect(String(buffer: try await CollectedBody.collect(response.body)) == expected)
        #expect(response.headers[.contentSecurityPolicy] == "default-src 'none'")
    }

    /// The middleware alone, before a handler that streams: each part reaches the client as it
    /// is written, uncompressed, even when the client accepts brotli and gzip.
    @Test func streamedBodiesPassThrough() async throws {
        let router = Router(context: WebContext.self)
        router.add(middleware: EncodingMiddleware(compressionCache: CompressionCache()))
        let part = String(repeating: "data: tick\n\n", count: 200)
        router.get("/events") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/event-stream"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: part))
                    try await writer.write(ByteBuffer(string: part))
                    try await writer.finish(nil)
                })
        }
        router.get("/page") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: part)))
        }
        router.get("/small") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: "<p>hi</p>")))
        }
        try await Application(router: router).test(.router) { client in
            let events = try await client.execute(uri: "/events", method: .get, headers: Self.browser)
            #expect(events.headers[.contentEncoding] == nil)
            #expect(events.headers[.eTag] == nil)
            #expect(String(buffer: events.body) == part + part)
            let page = try await client.execute(uri: "/page", method: .get, headers: Self.gzip)
            #expect(page.headers[.contentEncoding] == "gzip")
            #expect(try Self.gunzip(page.body) == part)
            let small = try await client.execute(uri: "/small", method: .get, headers: Self.browser)
            #expect(small.headers[.contentEncoding] == nil)
            #expect(small.headers[.eTag] != nil)
        }
    }

    @Test func acceptEncodingIsReadWithQualities() {
        #expect(AcceptEncoding.preferred("gzip") == .gzip)
        #expect(AcceptEncoding.preferred("deflate, GZIP;q=0.5") == .gzip)
        #expect(AcceptEncoding.preferred("br, *") == .brotli)
        #expect(AcceptEncoding.preferred("identity, BR") == .brotli)
        #expect(AcceptEncoding.preferred("gzip, br") == .brotli)
        #expect(AcceptEncoding.preferred("gzip;q=1, br;q=0.9") == .gzip)
        #expect(AcceptEncoding.preferred("br;q=0, *") == .gzip)
        #expect(AcceptEncoding.preferred("gzip; q=0.000, *") == .brotli)
        #expect(AcceptEncoding.preferred(nil) == nil)
        #expect(AcceptEncoding.preferred("") == nil)
        #expect(AcceptEncoding.preferred("gzip;q=0") == nil)
        #expect(AcceptEncoding.preferred("deflate, zstd") == nil)
        #expect(AcceptEncoding.preferred("br;q=nan, gzip;q=x") == .gzip)
        #expect(AcceptEncoding.preferred("br;q=nan") == nil)
        #expect(!EncodingMiddleware.isTextual("text/event-stream"))
        #expect(EncodingMiddleware.isTextual("application/atom+xml; charset=utf-8"))
        #expect(!EncodingMiddleware.isTextual("image/png"))
        #expect(EncodingMiddleware.isTextual("text/html; charset=utf-8"))
    }

    /// The fields known without reading them say what reading them says.
    @Test func theCommonFieldsSayWhatReadingThemSays() {
        #expect(AcceptEncoding.common.count >= 5)
        for (field, known) in AcceptEncoding.common {
            #expect(AcceptEncoding.read(field) == known, "\(field)")
        }
    }
}
