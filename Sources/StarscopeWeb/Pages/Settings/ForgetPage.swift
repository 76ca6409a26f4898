import HTTPTypes

/// `/settings/forget`: what "Forget me" deletes, and the button that does it.
struct ForgetPage: Page {
    var login: String
    var favorites: Int
    var updates: Int
    var status: HTTPResponse.Status = .ok

    var section: PageContext.Section { .settings }
}
