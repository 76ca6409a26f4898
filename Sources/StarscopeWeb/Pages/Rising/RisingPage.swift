import HTTPTypes
import StarscopeCore

/// Rising: stars gained over a timeframe, from Starscope's own history.
struct RisingPage: Sendable {
    var list: RisingList
    var rows: [RepositoryRow] = []
    /// Says when the history is shorter than the timeframe.
    var historyNote: String?
    var status: HTTPResponse.Status = .ok
}
