import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// `/feeds/trending.atom` (New & popular, with the same query as `/`) and `/feeds/rising.atom`
/// (Rising): the first rows of each list as Atom feeds, for feed readers. With sign-in required,
/// they are behind it like the pages (`SignInMiddleware` answers 401, not a redirect).
struct FeedsController {
    /// Entries a feed lists: one request to GitHub's search (100 a page) is enough for them.
    static let entryLimit = 50
    /// A summary keeps this much of a description.
    static let descriptionLimit = 500

    let reading: ForViewer<ReadContext>
    let updates: ForViewer<UpdatesFeed>
    let rising: Rising
    let proxies: TrustedProxies
    /// This server's address when a request names none (the port once it listens).
    let authority: @Sendable () -> Authority

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.trendingFeed), use: trending)
        router.get(RouterPath(SiteURL.Pattern.risingFeed), use: rising)
        router.get(RouterPath(SiteURL.Pattern.updatesFeed), use: updates)
        router.get(RouterPath(SiteURL.Pattern.subscribe), use: subscribe)
    }

    @Sendable func trending(_ request: Request, context: WebContext) async throws -> AtomFeed {
        let list = try TrendingList(QueryValues(request)).with(page: 1)
        let reading = await self.reading(for: context)
        let items: [Repository]
        do {
            items = try await reading.lists.trendingPage(list.query, page: 1, rows: Self.entryLimit).items
        } catch {
            if case .invalidInput = error { throw HTTPError(.badRequest, message: error.message) }
            throw HTTPError(error.isNotFound ? .notFound : .serviceUnavailable, message: error.message)
        }
        let origin = origin(of: request, context: context)
        let entries = items.map { repository in
            entry(
                repository, id: "trending/repo/\(repository.id)", origin: origin, from: .trending(list),
                updated: max(repository.pushedAt ?? repository.createdAt, repository.createdAt),
                summary: Self.facts(repository).joined(separator: " · "))
        }
        return AtomFeed(
            id: AtomFeed.tag(String(SiteURL.trendingFeed(list).href.dropFirst())),
            title: list.feedTitle,
            subtitle: "Repositories created \(list.query.timeframe.label), \(TrendingPage.order(list.query.sort)) — not stars gained.",
            selfURL: origin.url(.trendingFeed(list)), alternateURL: origin.url(.trending(list)), entries: entries,
            quiet: Self.startOfDay(reading.now()))
    }

    @Sendable func rising(_ request: Request, context: WebContext) async throws -> AtomFeed {
        let list = try RisingList(QueryValues(request))
        let result: Rising.Result
        do {
            result = try await rising.rank(list.timeframe, limit: Self.entryLimit)
        } catch {
            throw HTTPError(.serviceUnavailable, message: error.message)
        }
        let origin = origin(of: request, context: context)
        let entries = result.entries.map { gain in
            let span = SpanText.short(gain.to.timeIntervalSince(gain.from))
            let gained =
                "+\(CountNoun.text(gain.gained, "star")) in \(span)\(gain.source == .gitHubHistory ? " (GitHub's star history)" : "")"
            // Updated when the gain last moved: the newest star count recorded.
            return entry(
                gain.repository, id: "rising/\(list.timeframe.rawValue)/repo/\(gain.repository.id)", origin: origin,
                from: .rising(list), updated: gain.to, summary: ([gained] + Self.facts(gain.repository)).joined(separator: " · "))
        }
        var subtitle = "Stars gained \(list.timeframe.label), from the star counts Starscope recorded."
        if result.fromGitHub > 0 { subtitle += " Where those are too young, from GitHub's star history." }
        // Said with a date rather than a span ("the last 3 hours"), so the feed and its ETag stay put.
        if result.historyIsShort {
            subtitle +=
                result.historyStart.map { " Starscope's star history begins at \(AtomFeed.timestamp($0)): gains cover at most that span." }
                ?? " Not enough history yet: Starscope records star counts as it sees them, so Rising fills in over time."
        }
        return AtomFeed(
            id: AtomFeed.tag(String(SiteURL.risingFeed(list).href.dropFirst())),
            title: list.feedTitle, subtitle: subtitle,
            selfURL: origin.url(.risingFeed(list)), alternateURL: origin.url(.rising(list)), entries: entries,
            quiet: Self.startOfDay(rising.now()))
    }

    /// The account's updates of the last 30 days; reading the feed marks nothing seen.
    @Sendable func updates(_ request: Request, context: WebContext) async throws -> AtomFeed {
        let updates: [Update]
        do {
            let now = Date()
            updates = try await self.updates(for: context).recent(
                now: now, since: Self.startOfDay(now).addingTimeInterval(-UpdatesFeed.span))
        } catch {
            throw HTTPError(.serviceUnavailable, message: error.message)
        }
        let origin = origin(of: request, context: context)
        let entries = updates.map { update in
            let detail =
                (try? RepositoryName(parsing: update.fullName)).map { SiteURL.repository($0, from: .favorites(FavoritesList())) }
                ?? SiteURL.updates
            return AtomFeed.Entry(
                id: AtomFeed.tag("update/\(update.key)"), title: update.summary,
                link: AtomFeed.webLink(update.htmlURL) ?? origin.url(detail), updated: update.occurredAt, published: update.occurredAt,
                author: update.fullName.split(separator: "/").first.map(String.init) ?? update.fullName, authorURI: nil,
                summary: "\(UpdatesPage.label(update.kind)): \(update.summary)", categories: [update.kind.rawValue])
        }
        return AtomFeed(
            id: AtomFeed.tag("feeds/updates.atom"), title: "Updates on your favourites · Starscope",
            subtitle: "Star milestones, unusual days, releases, archives and renames of your favourites. " + UpdateRules.unusualRule,
            selfURL: origin.url(.updatesFeed), alternateURL: origin.url(.updates), entries: entries,
            quiet: Self.startOfDay(Date()))
    }

    /// Where this request reached the app, for absolute links (any feed needs them).
    /// `/subscribe?feed=PATH`: how to follow one of the feeds, its address ready to copy.
    @Sendable func subscribe(_ request: Request, context: WebContext) async throws -> HTML {
        guard let path = LocalPath.safe(QueryValues(request)["feed"]), let title = SubscribePage.title(of: path) else {
            throw HTTPError(.notFound, message: "That is not one of Starscope's feeds.")
        }
        let origin = origin(of: request, context: context)
        return context.render(SubscribePage(title: title, path: path, url: origin.scheme + "://" + origin.authority.urlText + path))
    }

    func origin(of request: Request, context: WebContext) -> SiteOrigin {
        SiteOrigin(
            request, https: proxies.isHTTPS(request, context: context), fallback: authority())
    }

    /// A repository as an entry: its link goes to GitHub (`html_url`, http(s) only), else to its
    /// detail here.
    private func entry(
        _ repository: Repository, id: String, origin: SiteOrigin, from list: ListOrigin, updated: Date, summary: String
    ) -> AtomFeed.Entry {
        let detail =
            (try? RepositoryName(parsing: repository.fullName)).map { SiteURL.repository($0, from: list) }
            ?? SiteURL.open(link: repository.fullName)
        return AtomFeed.Entry(
            id: AtomFeed.tag(id), title: repository.fullName, link: AtomFeed.webLink(repository.htmlURL) ?? origin.url(detail),
            updated: updated, published: repository.createdAt, author: repository.owner.login,
            authorURI: repository.owner.htmlURL, summary: summary,
            // GitHub's topics are at most 50 characters, languages short names: anything longer is not one.
            categories: ((repository.language.map { [$0] } ?? []) + repository.topics).filter { $0.count <= 60 })
    }

    /// The description (its first 500 characters), the stars and the language (a name, not a text).
    static func facts(_ repository: Repository) -> [String] {
        var description = repository.description.flatMap { $0.isEmpty ? nil : $0 } ?? "No description provided."
        if description.count > Self.descriptionLimit { description = description.prefix(Self.descriptionLimit) + "…" }
        let language = repository.language.flatMap { $0.isEmpty || $0.count > 60 ? nil : $0 }
        return [description, "★ \(GroupedNumber.format(repository.stargazersCount))"] + (language.map { [$0] } ?? [])
    }

    /// Midnight UTC: an empty feed's date, which stays put for the day.
    static func startOfDay(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }
}
