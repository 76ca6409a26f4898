import HTTPTypes
import StarscopeCore

/// Rising: stars gained over a timeframe, from Starscope's own history.
struct RisingPage: Sendable {
    var list: RisingList
    var rows: [RepositoryRow] = []
    /// Says when the history is shorter than the timeframe.
    var historyNote: String?
    /// Breaking out: the rows of each size group with any (`list.breakingOut`).
    var groups: [(title: String, rows: [RepositoryRow])] = []
    /// How many repositories the breaking-out view looked at.
    var candidates = 0
    var status: HTTPResponse.Status = .ok
}
