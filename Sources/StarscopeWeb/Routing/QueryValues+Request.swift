import Hummingbird

/// A request's query, and the page number lists take from it. Apart from the parser, which needs
/// no web server, so that it and its fuzz target build without one.
extension QueryValues {
    init(_ request: Request) {
        self.init(rawQuery: request.uri.query ?? "")
    }

    /// A positive page number (1 when absent), at most `maximum`.
    func page(maximum: Int, message: String) throws -> Int {
        guard let text = self["page"] else { return 1 }
        guard let page = Int(text), (1...maximum).contains(page) else { throw HTTPError(.badRequest, message: message) }
        return page
    }
}
