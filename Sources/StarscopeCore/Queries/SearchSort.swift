/// How GitHub's repository search can order "New & popular" (its `sort` parameter, always
/// descending): most stars (the default), most forks, most issues labelled "help wanted", or
/// most recently updated.
public enum SearchSort: String, CaseIterable, Hashable, Sendable {
    case stars
    case forks
    case helpWantedIssues = "help-wanted-issues"
    case updated

    /// How it reads in a menu.
    public var label: String {
        switch self {
        case .stars: "Stars"
        case .forks: "Forks"
        case .helpWantedIssues: "Help-wanted issues"
        case .updated: "Recently updated"
        }
    }
}
