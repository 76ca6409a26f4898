import HTTPTypes
import Hummingbird

/// A page is its own answer: HTML, never cached without asking again. Apart from `HTML` itself,
/// which needs no web server, so that the sanitiser and its fuzz target build without one.
extension HTML: ResponseGenerator {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: Self.headers, body: .init(byteBuffer: ByteBuffer(string: markup)))
    }

    /// A page's headers: HTML, never used again without asking.
    static let headers = HTTPFields([
        HTTPField(name: .contentType, value: "text/html; charset=utf-8"), HTTPField(name: .cacheControl, value: "no-cache"),
    ])
}
