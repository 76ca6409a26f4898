import Foundation
import StarscopeCore
import StarscopeModels

/// A search of all of GitHub: its own page (the shell first, the rows as GitHub answers) and the
/// pane beside a detail opened from it.
struct SearchPane {
    let reading: ForViewer<ReadContext>
    let favorites: ForViewer<Favorites>

    /// The whole model, rows included: for a detail opened beside the search.
    func model(_ list: SearchList, context: WebContext) async -> SearchPage {
        var page = SearchPage(list: list)
        page.favoriteTopics = await favoriteTopics(context)
        return await fill(page, context: context)
    }

    /// `page` with GitHub's answer; a search GitHub cannot give is a failure, told in one sentence.
    func fill(_ page: SearchPage, context: WebContext) async -> SearchPage {
        var page = page
        let list = page.list
        guard !list.search.text.isEmpty else { return page }
        let reading = await self.reading(for: context)
        do {
            switch list.search.kind {
            case .repositories:
                let window = try await reading.search.searchRepositoriesPage(list.search, page: list.page, rows: SearchList.rowsPerPage)
                let favorites = await reading.favoriteIDs(for: context.viewer)
                let now = reading.now()
                page.rows = window.items.map { RepositoryRow($0, favorite: favorites.contains($0.id), origin: .search(list), now: now) }
                page.totalCount = window.totalCount
                page.next = window.nextPage.map { list.with(page: $0) }
                page.incomplete = window.incomplete
                page.languages = window.languages
                page.counted = window.counted
            case .users:
                let window = try await reading.search.searchUsersPage(list.search, page: list.page, rows: SearchList.rowsPerPage)
                page.accounts = window.items
                page.totalCount = window.totalCount
                page.next = window.nextPage.map { list.with(page: $0) }
            }
        } catch {
            page.failure = Failure(error, retry: SiteURL.search(list).href)
        }
        return page
    }

    /// The topics of the viewer's favourites, most used first (at most 12).
    func favoriteTopics(_ context: WebContext) async -> [String] {
        guard let favorites = try? await self.favorites(for: context).list(refresh: false) else { return [] }
        var counts: [String: Int] = [:]
        for favorite in favorites {
            for topic in favorite.repository.topics { counts[topic.lowercased(), default: 0] += 1 }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(12).map(\.key)
    }
}
