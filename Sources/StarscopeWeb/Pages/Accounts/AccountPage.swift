import Foundation
import HTTPTypes
import StarscopeCore
import StarscopeModels

/// A user's or organisation's profile and repositories.
struct AccountPage: Sendable {
    var list: AccountList
    var profile: Profile?
    var rows: [RepositoryRow] = []
    var next: AccountList?
    /// No such account: the page says so and keeps the box to correct the login.
    var notFound: String?
    /// The profile or its repositories could not be loaded.
    var failure: Failure?
    var now = Date()

    var status: HTTPResponse.Status {
        if notFound != nil { return .notFound }
        return profile == nil ? .serviceUnavailable : .ok
    }
}

/// People: GitHub's accounts in the order they joined.
struct PeoplePage: Page {
    var list: PeopleList
    var accounts: [Account] = []
    var next: PeopleList?
    var failure: Failure?

    var section: PageContext.Section { .people }
    var status: HTTPResponse.Status { failure == nil ? .ok : .serviceUnavailable }
}

/// An account's public events as a feed.
struct ActivityPage: Page {
    var login: String
    var events: [Event] = []
    /// No such account: said where the events would be.
    var notFound: String?
    var failure: Failure?
    var now = Date()

    var section: PageContext.Section { .accounts }
    var status: HTTPResponse.Status {
        if notFound != nil { return .notFound }
        return failure == nil ? .ok : .serviceUnavailable
    }
}
