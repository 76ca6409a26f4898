import Foundation

/// Every list a detail can be opened from: the pane beside it is the model that list's own page
/// shows, built by the same pane.
struct ListPanes {
    let trending: TrendingPane
    let rising: RisingPane
    let favorites: FavoritesPane
    let accounts: AccountPane
    let search: SearchPane

    /// The model of whichever list a detail was opened from.
    func model(_ origin: ListOrigin, context: WebContext) async throws -> any ListPane {
        switch origin {
        case .trending(let list): try await trending.model(list, context: context)
        case .rising(let list): try await rising.model(list, context: context)
        case .favorites(let list): try await favorites.model(list, context: context)
        case .account(let list): await accounts.model(list, context: context)
        case .updates, .activity: OriginPane(origin: origin)
        case .search(let list): await search.model(list, context: context)
        }
    }
}
