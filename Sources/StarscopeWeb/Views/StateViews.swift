import Foundation
import StarscopeCore
import StarscopeStore

typealias StaleAnswer = CacheReport.Stale

/// Empty, error and not-found states.
enum StateViews {
    /// An error where content should be, with a way to try again.
    static func error(_ message: String, retry: String) -> HTML {
        """
        <div class="error-state" role="alert">
        <p>\(message)</p>
        <p><a class="button" href="\(retry)">Try again</a></p>
        </div>
        """
    }

    static func notFound(_ message: String, context: PageContext) -> HTML {
        Layout.page(
            title: "Not found",
            context: context,
            main: """
                <div class="error-state not-found">
                <h1>Not found</h1>
                <p>\(message)</p>
                <p><a class="button" href="/">Back to New &amp; popular</a></p>
                </div>
                """
        ).with(status: .notFound)
    }

    static func badRequest(_ message: String, context: PageContext) -> HTML {
        Layout.page(
            title: "Cannot show this",
            context: context,
            main: """
                <div class="error-state">
                <h1>That address cannot be shown</h1>
                <p>\(message)</p>
                <p><a class="button" href="/">Back to New &amp; popular</a></p>
                </div>
                """
        ).with(status: .badRequest)
    }

    /// The banner text for a stale answer: "Offline — showing results from 10:42".
    static func banner(_ stale: StaleAnswer?) -> String? {
        guard let stale else { return nil }
        let when = ClockTime.format(stale.fetchedAt)
        switch stale.reason {
        case .rateLimited(_, let limit, let reset):
            let hint = limit <= 60 ? "; add a token in Settings for 5,000 requests an hour" : ""
            return "Rate limit reached — resets at \(ClockTime.format(reset))\(hint). Showing results from \(when)."
        case .secondaryRateLimit:
            return "GitHub asked Starscope to slow down — showing results from \(when)."
        case .serverError:
            return "GitHub is having trouble — showing results from \(when)."
        default:
            return "Offline — showing results from \(when)."
        }
    }
}
