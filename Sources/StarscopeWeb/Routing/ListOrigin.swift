import Foundation
import Hummingbird
import StarscopeCore

/// The list a repository's detail was opened from, so the detail opens beside that list, its
/// section stays current in the navigation, and Back returns to it. The live stream reads the
/// same links (`/live?list=…`).
enum ListOrigin: Hashable, Sendable {
    case trending(TrendingList)
    case rising(RisingList)
    case favorites(FavoritesList)
    case account(AccountList)
    /// Updates on the favourites, and an account's activity feed: pages that link to details
    /// without being lists of repositories, so Back names them and the detail stands alone.
    case updates
    case activity(login: String)
    case search(SearchList)

    /// Parses a local list link (`/?since=week`, `/rising?since=day`, `/favorites?q=x`,
    /// `/users/LOGIN?page=2`, `/updates`, `/users/LOGIN/activity`); anything else is refused.
    init(link: String) throws {
        guard link.utf8.count <= 4_096, link.hasPrefix("/"), !link.hasPrefix("//"), let components = URLComponents(string: link),
            components.host == nil
        else {
            throw HTTPError(.badRequest, message: "That list cannot be shown.")
        }
        let values = QueryValues(components: components)
        let parts = components.path.split(separator: "/", omittingEmptySubsequences: true)
        switch parts.count {
        case 0: self = .trending(try TrendingList(values))
        case 1 where parts[0] == "rising": self = .rising(try RisingList(values))
        case 1 where parts[0] == "favorites": self = .favorites(try FavoritesList(values))
        case 2 where parts[0] == "users": self = .account(try AccountList(login: String(parts[1]), values))
        // Neither takes parameters: a link with any is not one of them.
        case 1 where parts[0] == "updates" && components.percentEncodedQuery == nil: self = .updates
        case 3
        where parts[0] == "users" && parts[2] == "activity" && RepositoryName.isValidLogin(String(parts[1]))
            && components.percentEncodedQuery == nil:
            self = .activity(login: String(parts[1]))
        case 1 where parts[0] == "search": self = .search(try SearchList(values))
        default: throw HTTPError(.badRequest, message: "That list cannot be shown.")
        }
    }

    /// A detail's origin from its query: `from=LINK`, or New & popular's own parameters (the
    /// form of links already shared).
    init(detailQuery values: QueryValues) throws {
        if let link = values["from"] {
            self = try ListOrigin(link: link)
        } else {
            self = .trending(try TrendingList(values))
        }
    }

    /// The list's own address.
    var url: SiteURL {
        switch self {
        case .trending(let list): .trending(list)
        case .rising(let list): .rising(list)
        case .favorites(let list): .favorites(list)
        case .account(let list): .account(list)
        case .updates: .updates
        case .activity(let login): .activity(login: login)
        case .search(let list): .search(list)
        }
    }

    /// The navigation section the list belongs to.
    var section: PageContext.Section {
        switch self {
        case .trending: .trending
        case .rising: .rising
        case .favorites: .favorites
        case .account, .activity: .accounts
        case .updates: .updates
        case .search(let list): list.search.kind == .users ? .people : .none
        }
    }

    /// The list's name, for "Back to …".
    var title: String {
        switch self {
        case .trending: "New & popular"
        case .rising: "Rising"
        case .favorites: "Favourites"
        case .account(let list): list.login
        case .updates: "Updates"
        case .activity(let login): "\(login)’s activity"
        case .search: "Search"
        }
    }

    /// Where Back from a repository's detail leads: the list with the row in view
    /// (`/?since=week&page=3#repo-OWNER--NAME`, the page that holds it); a page that is not a list
    /// of repositories has no such row.
    func back(to name: RepositoryName) -> String {
        switch self {
        case .trending, .rising, .favorites, .account, .search: url.href + "#" + RepositoryRow.anchor(name.description)
        case .updates, .activity: url.href
        }
    }
}
