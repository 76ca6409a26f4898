import Hummingbird

/// A page is its own answer: HTML, never cached without asking again. Apart from `HTML` itself,
/// which needs no web server, so that the sanitiser and its fuzz target build without one.
extension HTML: ResponseGenerator {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: markup)))
    }
}
