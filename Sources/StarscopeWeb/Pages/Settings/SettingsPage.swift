import Foundation
import HTTPTypes
import StarscopeModels
import StarscopeStore

/// Settings: whose token is in use and what is left of GitHub's limits, the live budget, the theme,
/// and this browser's sessions (sign out, sign out everywhere, forget me).
struct SettingsPage: Page {
    enum TokenState: Sendable {
        /// `--accounts`, browsing without a token.
        case guest
        /// `--accounts`, signed in with their own token.
        case account(login: String)
        /// The server's token, from `source` ("saved on this computer" or an environment variable).
        case server(source: String, owner: String?, problem: String?)
        case none
    }

    struct Limit: Sendable {
        var label: String
        var remaining: Int
        var limit: Int
        var reset: Date
    }

    var token: TokenState
    /// GitHub's limits, or nil when they cannot be read.
    var limits: [Limit]?
    /// The server's token can be set here (not with `--accounts`).
    var ownsServerToken: Bool
    /// The variable (`GH_TOKEN`, `GITHUB_TOKEN`) whose token wins over any saved here, when set:
    /// then the token form is not offered, as what it saves would not be used.
    var environmentTokenName: String?
    var canRemoveToken: Bool
    /// Signed in with their own token (`--accounts`): they may be forgotten.
    var canForget = false
    var live: LiveHub.Status
    /// Seconds between background rounds (nil: none, offline).
    var backgroundInterval: Double?
    /// The account's favourites that could not be checked for updates, and why.
    var uncheckable: [WatchProblem] = []
    var message: String?
    var error: String?
    /// A token to sync GitHub's star Lists with.
    var canSyncLists = false
    var status: HTTPResponse.Status = .ok

    var section: PageContext.Section { .settings }
}
