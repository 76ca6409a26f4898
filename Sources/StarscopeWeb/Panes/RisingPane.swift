import Foundation
import Hummingbird
import StarscopeCore

/// Rising's list, from Starscope's own history: its own page and the pane beside a detail.
struct RisingPane {
    let reading: ForViewer<ReadContext>
    /// Stars gained, from Starscope's own counts.
    let rising: Rising
    /// Breaking out as of a moment, from the newest weeks kept.
    let breakingOut: @Sendable (Date) -> BreakingOut

    func model(_ list: RisingList, context: WebContext) async throws -> RisingPage {
        if list.breakingOut { return try await breakingOut(list, context: context) }
        let result = try await rising.rank(list.timeframe)
        let reading = await self.reading(for: context)
        let favorites = await reading.favoriteIDs(for: context.viewer)
        let now = reading.now()
        let rows = result.entries.map { entry in
            RepositoryRow(
                entry.repository, favorite: favorites.contains(entry.repository.id), origin: .rising(list),
                gain: .init(stars: entry.gained, span: entry.to.timeIntervalSince(entry.from), fromGitHub: entry.source == .gitHubHistory),
                now: now)
        }
        return RisingPage(list: list, rows: rows, historyNote: result.historyNote(now: now))
    }

    /// Breaking out, from the newest weeks Starscope kept: no request to GitHub.
    func breakingOut(_ list: RisingList, context: WebContext) async throws -> RisingPage {
        let reading = await self.reading(for: context)
        let favorites = await reading.favoriteIDs(for: context.viewer)
        let now = reading.now()
        let breakingOut = breakingOut(now)
        let ranking: [(size: BreakingOut.Size, entries: [BreakingOut.Entry])]
        do {
            ranking = try await breakingOut.rank()
        } catch {
            throw HTTPError(.serviceUnavailable, message: error.message)
        }
        var page = RisingPage(list: list)
        page.candidates = await breakingOut.candidateCount()
        page.groups = ranking.filter { !$0.entries.isEmpty }.map { group in
            (
                group.size.title,
                group.entries.map { entry in
                    RepositoryRow(
                        entry.repository, favorite: favorites.contains(entry.repository.id), origin: .rising(list),
                        gain: .init(stars: entry.lastWeek, span: 7 * 86_400), now: now)
                }
            )
        }
        page.rows = page.groups.flatMap(\.rows)
        return page
    }
}
