import HTTPTypes
import StarscopeCore

/// A page's plain model. Controllers and list panes (`Panes/`) fill one; its view (`…+View.swift`,
/// the only place markup is written) turns it into a document once the work is done, so the
/// offline banner reflects every answer the page used.
protocol Page: Sendable {
    /// The navigation entry marked current.
    var section: PageContext.Section { get }
    /// The HTTP status the page is served with.
    var status: HTTPResponse.Status { get }
    /// The whole document (written in the page's view file).
    func document(_ context: PageContext) -> HTML
}

extension Page {
    var status: HTTPResponse.Status { .ok }
}

extension WebContext {
    /// The page's document, with the banner of what this request's answers came from.
    func render(_ page: some Page) -> HTML {
        page.document(self.page(page.section)).with(status: page.status)
    }
}

/// Why a list or a section could not be shown, and how to try again.
struct Failure: Sendable, Hashable {
    var message: String
    var retry: String

    init(message: String, retry: String) {
        self.message = message
        self.retry = retry
    }

    /// The error's sentence, with where a browser user fixes a rejected token.
    init(_ error: StarscopeError, retry: String) {
        let hint = if case .badCredentials = error { " Check the token in Settings." } else { "" }
        self.init(message: error.message + hint, retry: retry)
    }
}

extension StarscopeError {
    /// GitHub or the store has no such thing: a page says "Not found", not "try again".
    var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}
