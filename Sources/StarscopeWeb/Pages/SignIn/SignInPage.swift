import HTTPTypes

/// The sign-in page: with a one-time link (the default), or with a token (`--accounts`).
struct SignInPage: Page {
    enum State: Sendable {
        case prompt, refused, throttled
        /// `--accounts`: the token form, with why the last try failed.
        case accounts(error: String?)
    }

    var state: State
    var guests = false
    var status: HTTPResponse.Status = .ok

    var section: PageContext.Section { .none }
}
