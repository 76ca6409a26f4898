import HTTPTypes

/// What stands beside a detail opened from a page that is not a list of repositories (Updates,
/// an account's activity): the page's name and the way back to it, no rows.
struct OriginPane: ListPane {
    var origin: ListOrigin

    var title: String { origin.title }
    var liveList: String? { nil }
    var status: HTTPResponse.Status { .ok }
    var rows: [RepositoryRow] { [] }
}
