import Foundation
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// `/repos/OWNER/NAME`: a repository's detail beside the list it was opened from (`?from=…`, or
/// New & popular's own parameters).
struct RepositoryController {
    let reading: ForViewer<ReadContext>
    let stars: ForViewer<GitHubStars>
    /// The list beside the detail, as that list's own page shows it.
    let lists: ListPanes
    /// What "Star on GitHub" did, for the detail its form's redirect leads to.
    let starOutcomes: FormOutcomes<RepositoryPage.StarOutcome>
    /// How long a detail waits for GitHub to say whether the token's user starred it.
    let starStateWait: Duration
    /// Pages go out whole (a shared store: another instance may take a retried request).
    let wholePages: Bool
    let kept: KeptPages

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.repository), use: page)
    }

    /// The list and the detail first; the README, languages, releases and contributors follow in
    /// the same answer as GitHub gives them, so they never hold the page up (on a team, the answer
    /// waits for them: see `SectionsStream`). A renamed
    /// repository answers 301 to its new name. A detail made a moment ago for the same key is used
    /// again (`KeptPages`), unless it is where "Star on GitHub" says what it did.
    @Sendable func page(_ request: Request, context: WebContext) async throws -> Response {
        let starOutcome = QueryValues(request)["star"]
        let key = KeptPages.Key(request, context: context)
        if starOutcome == nil, let page = kept.response(key, token: context.csrf) { return page }
        let revision = starOutcome == nil ? kept.revision : nil
        let origin = try ListOrigin(detailQuery: QueryValues(request))
        let name: RepositoryName
        do {
            name = try RepositoryName(owner: context.parameters.get("owner") ?? "", name: context.parameters.get("name") ?? "")
        } catch {
            return try context.render(MessagePage.notFound(error.message, section: origin.section)).response(
                from: request, context: context)
        }
        let list = try await lists.model(origin, context: context)
        var detail = await detail(name, origin: origin, beside: list, context: context)
        // What "Star on GitHub" just did, when its form redirected here.
        if let outcome = await starOutcomes.value(starOutcome, for: context.viewer) {
            detail.starOutcome = outcome
            if !outcome.failed { detail.starredOnGitHub = outcome.starred }
        }
        guard case .found(let repository, _) = detail.content else {
            return try context.render(SplitPage(origin: origin, list: list, detail: detail)).response(from: request, context: context)
        }
        if repository.isRenamed(from: name), let moved = try? RepositoryName(parsing: repository.fullName) {
            return .redirect(to: SiteURL.repository(moved, from: origin).href, type: .permanent)
        }
        detail.sectionsFollow = true
        let reading = await self.reading(for: context)
        let sections = sections(of: repository, name: name, beside: detail, reading: reading)
        let page = context.render(SplitPage(origin: origin, list: list, detail: detail))
        let policy = RepositorySectionsPart.policy
        let response = await SectionsStream.response(page, policy: policy, whole: wholePages) { [kept] in
            let part = await sections()
            kept.keep(
                SectionsStream.joined(page, sections: part), status: page.status, headers: SectionsStream.headers(policy), for: key,
                token: context.csrf, madeAt: revision)
            return part
        }
        return kept.sameAs(response, key, token: context.csrf)
    }

    /// The README, languages, releases, contributors and star history of `repository`, shown
    /// below `detail`.
    func sections(of repository: Repository, name: RepositoryName, beside detail: RepositoryPage, reading: ReadContext)
        -> @Sendable () async -> HTML
    {
        let now = detail.now
        return {
            // Starscope's counts and GitHub's kept weeks in one store read, then GitHub's history,
            // beside the other sections.
            async let starred = reading.history.detailStarHistory(of: repository)
            // The banner was sent already: sections GitHub could not refresh say so themselves.
            let report = CacheReport()
            let sections = await CacheReport.$current.withValue(report) { await reading.details.sections(name) }
            let (samples, history) = await starred
            let observed = StarHistoryChart(counts: StarHistoryChart.counts(samples), now: now)
            var part = RepositorySectionsPart(sections, repository: repository, now: now)
            part.history = StarHistorySection(name: name, gitHub: history, observed: observed, samples: samples, now: now)
            part.stale = Banner.text(report.stale, limits: report.rateLimits)
            return part.view()
        }
    }

    func detail(_ name: RepositoryName, origin: ListOrigin, beside list: any ListPane, context: WebContext) async -> RepositoryPage {
        let reading = await self.reading(for: context)
        var page = RepositoryPage(name: name, origin: origin, content: .notFound(""), now: reading.now())
        let stars = await self.stars(for: context)
        page.canStar = stars.hasToken
        do {
            // A row of the list beside it is as fresh as the list, favourite mark included: no
            // store read, no request.
            let repository: Repository
            let favorite: Bool
            if let row = Self.row(name, in: list.rows) {
                (repository, favorite) = (row.repository, row.favorite)
            } else {
                repository = try await reading.details.repository(name, snapshotFreshFor: 600)
                favorite = await reading.favoriteIDs(for: context.viewer).contains(repository.id)
            }
            page.content = .found(repository, favorite: favorite)
            if favorite, let favorite = await stars.favorites.favorite(storedName: repository.fullName) {
                page.tags = favorite.tags
                page.note = favorite.note
                page.starredOnGitHub = favorite.starredOnGitHub
            }
            if !context.isReadOnly { page.allTags = ((try? await stars.favorites.tags()) ?? []).map(\.tag) }
            // Not a favourite Starscope starred or synced: GitHub says whether it is starred.
            if page.canStar, page.starredOnGitHub == nil {
                page.starredOnGitHub = await Self.isStarred(name, stars: stars, wait: starStateWait)
            }
        } catch {
            page.content =
                error.isNotFound
                ? .notFound(error.message) : .failed(Failure(error, retry: SiteURL.repository(name, from: origin).href))
        }
        return page
    }
}

extension RepositoryController {
    /// The row of `rows` showing `name` (GitHub's names are the same in any case).
    static func row(_ name: RepositoryName, in rows: [RepositoryRow]) -> RepositoryRow? {
        let asked = name.description
        lazy var wanted = asked.lowercased()
        return rows.first { row in
            row.repository.fullName.equalsIgnoringASCIICase(asked) ?? (row.repository.fullName.lowercased() == wanted)
        }
    }

    /// Whether the token's user starred `name`, when GitHub says so within `wait`
    /// (`WebSettings.starStateWait`): a slow GitHub never holds the detail up for it.
    static func isStarred(_ name: RepositoryName, stars: GitHubStars, wait: Duration) async -> Bool? {
        // Known a moment ago: no race with a clock to start.
        if let known = stars.remembered(name) { return known }
        return await withTaskGroup(of: Bool??.self) { group in
            group.addTask { .some(await stars.isStarred(name)) }
            group.addTask {
                try? await Task.sleep(for: wait)
                return .none
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? nil
        }
    }
}
