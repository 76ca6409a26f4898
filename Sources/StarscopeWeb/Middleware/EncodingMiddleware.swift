import HTTPTypes
import Hummingbird
import NIOCore

/// Validators and compression for every answer whose whole body is in hand (pages, feeds,
/// assets, error pages), made from the body itself so nothing the body depends on is missed:
/// - a `200` to a GET gets an `ETag` (unless its handler gave one, as feeds do); when
///   `If-None-Match` names it, a `304` with no body. A page copied from a kept rendering says the
///   digest of its bytes (`HTML.digest`), and its tag is made from that without reading the page;
/// - a textual body of 1 KB or more is sent gzipped when `Accept-Encoding` allows it, and every
///   textual answer says `Vary: Accept-Encoding`.
///
/// Streamed bodies (a repository's sections after `<!--sections-->`, `/live`'s events) have no
/// length and are passed through untouched: compressing them would hold back what they stream.
struct EncodingMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let gzipCache: GzipCache

    /// Bodies smaller than this are sent as they are: gzip would save less than a packet.
    static let minimumCompressedLength = 1024

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        var digest: Int?
        if let field = EntityTag.knownDigest, let value = response.headers[field] {
            digest = Int(value)
            response.headers[field] = nil
        }
        guard request.method == .get, let length = response.body.contentLength, length > 0,
            response.headers[.contentEncoding] == nil
        else { return response }
        let textual = Self.isTextual(response.headers[.contentType])
        guard textual || response.status == .ok else { return response }

        let body = try await CollectedBody.collect(response.body)
        let tag = digest.map { EntityTag(digest: $0, of: body) } ?? EntityTag(body)
        var headers = response.headers
        if textual {
            headers[.vary] = headers[.vary].map { $0 + ", Accept-Encoding" } ?? "Accept-Encoding"
        }
        if let own = headers[.eTag] {
            // The handler's own validator (a feed's), already checked by it. Weak once gzipped:
            // the same tag then names two encodings of the body.
            if !own.hasPrefix("W/"), textual, Self.willCompress(body, request) { headers[.eTag] = "W/" + own }
        } else if response.status == .ok {
            headers[.eTag] = tag.header
            if let field = request.headers[.ifNoneMatch], tag.matches(ifNoneMatch: field) {
                headers[.contentType] = nil
                headers[.contentLength] = nil
                return Response(status: .notModified, headers: headers)
            }
        }
        if textual, Self.willCompress(body, request), let compressed = gzipCache.gzip(body, tag: tag) {
            headers[.contentEncoding] = "gzip"
            headers[.contentLength] = nil
            return Response(status: response.status, headers: headers, body: .init(byteBuffer: compressed))
        }
        return Response(status: response.status, headers: headers, body: .init(byteBuffer: body))
    }

    static func willCompress(_ body: ByteBuffer, _ request: Request) -> Bool {
        body.readableBytes >= minimumCompressedLength && AcceptEncoding.allowsGzip(request.headers[.acceptEncoding])
    }

    /// Text, scripts, JSON, XML and SVG; not images already compressed, nor event streams.
    static func isTextual(_ contentType: String?) -> Bool {
        // Every page says this: known without cutting it up and lowercasing it.
        if contentType == "text/html; charset=utf-8" { return true }
        guard let type = contentType?.split(separator: ";").first?.trimmingWhitespace.lowercased() else { return false }
        if type == "text/event-stream" { return false }
        return type.hasPrefix("text/") || type.hasSuffix("+xml") || type.hasSuffix("+json") || type == "application/json"
            || type == "application/javascript" || type == "application/xml"
    }
}
