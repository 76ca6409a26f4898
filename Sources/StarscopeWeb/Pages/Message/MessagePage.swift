import HTTPTypes

/// A whole page that only says why there is nothing to show, with the way back.
struct MessagePage: Page {
    var heading: String
    var message: String
    var status: HTTPResponse.Status
    var section: PageContext.Section = .none
    var back = SiteURL.trending(TrendingList())
    var backTitle = "New & popular"

    static func notFound(_ message: String, section: PageContext.Section = .none) -> MessagePage {
        MessagePage(heading: "Not found", message: message, status: .notFound, section: section)
    }

    static func badRequest(_ message: String, section: PageContext.Section = .none) -> MessagePage {
        MessagePage(heading: "That address cannot be shown", message: message, status: .badRequest, section: section)
    }
}
