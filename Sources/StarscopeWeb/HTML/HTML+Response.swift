import Hummingbird

/// A page is its own answer: HTML, never cached without asking again. Apart from `HTML` itself,
/// which needs no web server, so that the sanitiser and its fuzz target build without one.
extension HTML: ResponseGenerator {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Self.response(status: status, digest: digest, body: ByteBuffer(string: markup))
    }

    /// A page's answer with `body` as its bytes (`digest` theirs, when known).
    static func response(status: HTTPResponse.Status, digest: Int?, body: ByteBuffer) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        if let digest, let field = EntityTag.knownDigest { headers[field] = String(digest) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }
}
