import Foundation
import StarscopeCore
import StarscopeModels

/// An account's repositories: its own page and the pane beside a detail opened from it.
struct AccountPane {
    let reading: ForViewer<ReadContext>

    func model(_ list: AccountList, context: WebContext) async -> AccountPage {
        let reading = await self.reading(for: context)
        var page = AccountPage(list: list, now: reading.now())
        do {
            page.profile = try await reading.people.profile(login: list.login)
        } catch {
            if error.isNotFound {
                page.notFound = error.message
            } else {
                page.failure = Failure(error, retry: SiteURL.account(list).href)
            }
            return page
        }
        do {
            let (items, next) = try await reading.lists.repositoriesPage(of: list.login, query: list.query, page: list.page)
            let favorites = await reading.favoriteIDs(for: context.viewer)
            page.rows = items.map { RepositoryRow($0, favorite: favorites.contains($0.id), origin: .account(list), now: page.now) }
            page.next = next.map { list.with(page: $0) }
        } catch {
            page.failure = Failure(error, retry: SiteURL.account(list).href)
        }
        return page
    }
}
