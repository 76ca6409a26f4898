import HTTPTypes
import Hummingbird
import NIOCore

/// Validators and compression for every answer whose whole body is in hand (pages, feeds,
/// assets, error pages), made from the body itself so nothing the body depends on is missed:
/// - a `200` to a GET gets an `ETag` (unless its handler gave one, as feeds do); when
///   `If-None-Match` names it, a `304` with no body;
/// - a textual body of 1 KB or more is sent compressed when `Accept-Encoding` allows it: brotli
///   when the client takes it (every current browser does), else gzip. Every textual answer says
///   `Vary: Accept-Encoding`. An asset (`isAsset`) is compressed once as small as brotli can; a
///   page, quickly.
///
/// Streamed bodies (a repository's sections after `<!--sections-->`, `/live`'s events) have no
/// length and are passed through untouched: compressing them would hold back what they stream.
struct EncodingMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let compressionCache: CompressionCache

    /// Bodies smaller than this are sent as they are: compressing would save less than a packet.
    static let minimumCompressedLength = 1024

    /// Where an answer says its body is one of the app's own files (`Assets.response`), served
    /// unchanged many times; the middleware removes the field from every answer, so it never
    /// leaves the server.
    static let isAsset = HTTPField.Name("x-starscope-asset")

    /// Where an answer gives its body's hash, made when its parts were (`KeptPages`), so that the
    /// body is not hashed again for its tag; removed from every answer like `isAsset`.
    static let bodyHash = HTTPField.Name("x-starscope-body-hash")

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        var asset = false
        if let field = Self.isAsset, response.headers[field] != nil {
            asset = true
            response.headers[field] = nil
        }
        var bodyHash: Int?
        if let field = Self.bodyHash, let value = response.headers[field] {
            bodyHash = Int(value)
            response.headers[field] = nil
        }
        guard request.method == .get, let length = response.body.contentLength, length > 0,
            response.headers[.contentEncoding] == nil
        else { return response }
        let textual = Self.isTextual(response.headers[.contentType])
        guard textual || response.status == .ok else { return response }

        let body = try await CollectedBody.collect(response.body)
        let tag = bodyHash.map { EntityTag(hash: $0, length: body.readableBytes) } ?? EntityTag(body)
        var headers = response.headers
        if textual {
            headers[.vary] = headers[.vary].map { $0 + ", Accept-Encoding" } ?? "Accept-Encoding"
        }
        if let own = headers[.eTag] {
            // The handler's own validator (a feed's), already checked by it. Weak once compressed:
            // the same tag then names two encodings of the body.
            if !own.hasPrefix("W/"), textual, Self.coding(body, request) != nil { headers[.eTag] = "W/" + own }
        } else if response.status == .ok {
            headers[.eTag] = tag.header
            if let field = request.headers[.ifNoneMatch], tag.matches(ifNoneMatch: field) {
                headers[.contentType] = nil
                headers[.contentLength] = nil
                return Response(status: .notModified, headers: headers)
            }
        }
        if textual, let coding = Self.coding(body, request),
            let compressed = compressionCache.compressed(body, tag: tag, coding: coding, asset: asset)
        {
            headers[.contentEncoding] = coding.rawValue
            headers[.contentLength] = nil
            return Response(status: response.status, headers: headers, body: .init(byteBuffer: compressed))
        }
        return Response(status: response.status, headers: headers, body: .init(byteBuffer: body))
    }

    /// How `body` is sent to `request`: compressed in the coding it prefers, or nil, as it is.
    static func coding(_ body: ByteBuffer, _ request: Request) -> ContentCoding? {
        guard body.readableBytes >= minimumCompressedLength else { return nil }
        return AcceptEncoding.preferred(request.headers[.acceptEncoding])
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
