import Hummingbird

/// What a page's answer is made from: its markup (`HTML`), or a kept page's copy, written from
/// its parts straight into the answer's buffer (`RenderedPages.Copy`).
protocol PageDocument: Sendable {
    /// The page's markup (a streamed page takes its rows from it).
    var html: HTML { get }
    func response(from request: Request, context: some RequestContext) throws -> Response
}

extension HTML: PageDocument {
    var html: HTML { self }
}

extension RenderedPages.Copy: PageDocument {
    func response(from request: Request, context: some RequestContext) throws -> Response { answer }

    /// The same answer as the copy's `html` gives, its bytes written once.
    var answer: Response { HTML.response(status: status, digest: template.digest(token: token), body: buffer()) }
}
