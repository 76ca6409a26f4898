import Foundation
import Hummingbird
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
        messagePage(title: "Not found", heading: "Not found", message: message, status: .notFound, context: context)
    }

    static func badRequest(_ message: String, context: PageContext) -> HTML {
        messagePage(
            title: "Cannot show this", heading: "That address cannot be shown", message: message, status: .badRequest, context: context)
    }

    /// A whole page that only says why there is nothing to show, with the way back.
    static func messagePage(title: String, heading: String, message: String, status: HTTPResponse.Status, context: PageContext) -> HTML {
        let kind = status == .notFound ? " not-found" : ""
        return Layout.page(
            title: title,
            context: context,
            main: """
                <div class="error-state\(kind)">
                <h1>\(heading)</h1>
                <p>\(message)</p>
                <p><a class="button" href="/">Back to New &amp; popular</a></p>
                </div>
                """
        ).with(status: status)
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
        case .badCredentials:
            return "GitHub rejected the token — showing results from \(when). Check it in Settings."
        case .undecodable:
            return "GitHub sent an answer Starscope cannot read — showing results from \(when)."
        default:
            return "Offline — showing results from \(when)."
        }
    }
}
