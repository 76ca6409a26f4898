import HTTPTypes

/// The Accounts tab when no token says whose account is yours: a box to open any user or
/// organisation, and how to make the tab open your own.
struct AccountsHomePage: Page {
    /// With sign-in accounts, a guest (who has no account of their own here).
    var isGuest = false

    var section: PageContext.Section { .accounts }
}
