import Foundation
import Hummingbird
import NIOCore
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// Star history beyond a repository's page: `/compare` (2 to 10 curves on one chart) and the
/// self-contained SVGs people put in READMEs (`/repos/OWNER/NAME/stars.svg`, `/compare.svg`),
/// drawn for public repositories only.
struct HistoryController {
    let reading: ForViewer<ReadContext>
    /// The viewer's favourites, offered as names to compare.
    let favorites: ForViewer<Favorites>
    /// The server's token as everyone sees it (an embed may be shown anywhere), for people
    /// signed in (or the one user of a server without sign-in).
    let embedReading: @Sendable () -> ReadContext
    /// The same, spending from `allowance`: for strangers and guests.
    let strangersReading: @Sendable () -> ReadContext
    /// Embeds kept, names GitHub did not know, and new drawings per client.
    let embeds: EmbedGuard
    /// What new drawings for strangers and guests may spend of the server token's hour, in
    /// requests to GitHub.
    let allowance: RequestAllowance
    /// Whether the server asks browsers to sign in: an embed asked without a session is then a stranger's.
    let signInRequired: Bool
    let proxies: TrustedProxies

    func addRoutes(to router: Router<WebContext>) {
        router.get(RouterPath(SiteURL.Pattern.compare), use: compare)
        router.get(RouterPath(SiteURL.Pattern.compareEmbed), use: compareEmbed)
        router.get(RouterPath(SiteURL.Pattern.starsEmbed), use: starsEmbed)
    }

    @Sendable func compare(_ request: Request, context: WebContext) async throws -> HTML {
        let list = try CompareList(QueryValues(request))
        let reading = await self.reading(for: context)
        let entries = await Self.entries(list.repositories, reading: reading)
        var page = ComparePage(list: list, entries: entries)
        // Type-ahead from the viewer's favourites (a guest has none).
        let chosen = Set(list.repositories.map { $0.description.lowercased() })
        let favorites = (try? await self.favorites(for: context).list(refresh: false)) ?? []
        page.suggestions = favorites.map(\.repository.fullName).filter { !chosen.contains($0.lowercased()) }.prefix(200).map { $0 }
        return context.render(page)
    }

    @Sendable func compareEmbed(_ request: Request, context: WebContext) async throws -> Response {
        let values = QueryValues(request)
        let list = try CompareList(values)
        let theme = try EmbedTheme(values)
        guard list.repositories.count >= 2 else { throw HTTPError(.badRequest, message: "Give 2 to 10 repositories in “repos”.") }
        return try await guarded(request, context: context, names: list.repositories) { reading in
            let page = ComparePage(list: list, entries: await Self.entries(list.repositories, reading: reading))
            guard let chart = page.chart else {
                return .failure(
                    HTTPError(.notFound, message: "Fewer than two of these have a star history to draw."),
                    missing: page.entries.filter { $0.history.failure?.isNotFound == true }.map(\.name))
            }
            return .drawn(chart.document(label: page.chartLabel, palette: theme.palette))
        }
    }

    @Sendable func starsEmbed(_ request: Request, context: WebContext) async throws -> Response {
        let theme = try EmbedTheme(QueryValues(request))
        guard let name = try? RepositoryName(owner: context.parameters.get("owner") ?? "", name: context.parameters.get("name") ?? "")
        else {
            throw HTTPError(.notFound)
        }
        return try await guarded(request, context: context, names: [name]) { reading in
            let entry = ComparePage.Entry(name: name, history: await reading.history.starHistoryResult(name))
            guard let curve = entry.curve, let first = curve.days.first else {
                return .failure(
                    HTTPError(.notFound, message: entry.problem ?? "No star history."),
                    missing: entry.history.failure?.isNotFound == true ? [name] : [])
            }
            let chart = StarHistoryChart(series: [.init(name: name.description, points: curve.days)])
            return .drawn(
                chart.document(
                    label: "Stars of \(name.description) since \(first.date), now \(GroupedNumber.format(curve.total))",
                    palette: theme.palette))
        }
    }

    /// What drawing an embed gave: its SVG, or the error to answer with and the names GitHub did not know.
    enum Drawing: Sendable {
        case drawn(String)
        case failure(HTTPError, missing: [RepositoryName])
    }

    /// An embed through `EmbedGuard`: kept within the hour, it costs nothing; a name GitHub did
    /// not know lately is "not found" at once; while the budget is low, for a stranger or a guest
    /// while the embeds' share of the hour (`allowance`, in requests to GitHub) is spent, or when
    /// this client has asked for its share of new drawings, a kept one however old stands in, or
    /// the answer is to try again later. Otherwise it is drawn and kept; a drawing the allowance
    /// ran out in the middle of is not.
    func guarded(
        _ request: Request, context: WebContext, names: [RepositoryName], draw: (ReadContext) async -> Drawing
    ) async throws -> Response {
        let key = request.uri.path + "?" + (request.uri.query ?? "")
        let kept = embeds.kept(key)
        if let kept, Date().timeIntervalSince(kept.drawnAt) < EmbedGuard.freshFor { return Self.svg(kept.svg) }
        if embeds.anyMissing(names.map(\.description)) { throw HTTPError(.notFound, message: "GitHub has no such repository.") }
        let stranger = isStranger(context)
        let reading = stranger ? strangersReading() : embedReading()
        let low = await reading.history.budgetIsLow() || (stranger && allowance.remaining() == 0)
        if low || !embeds.mayDraw(for: proxies.client(of: request, context: context).key) {
            if let kept { return Self.svg(kept.svg) }
            throw low
                ? spent()
                : HTTPError(
                    .tooManyRequests, headers: [.retryAfter: "60"], message: "Too many new charts asked for at once; try again in a minute."
                )
        }
        let (drawing, refused) = await RequestAllowance.refusals { await draw(reading) }
        if refused {
            if let kept { return Self.svg(kept.svg) }
            throw spent()
        }
        switch drawing {
        case .drawn(let svg):
            embeds.keep(svg, for: key)
            return Self.svg(svg)
        case .failure(let error, let missing):
            for name in missing { embeds.markMissing(name.description) }
            throw error
        }
    }

    /// Whether the request is no signed-in person's: a guest's, or without a session where one is asked for.
    func isStranger(_ context: WebContext) -> Bool {
        switch context.viewer {
        case .guest, .everyone: true
        case .owner, .account: signInRequired && context.sessionSecret == nil
        }
    }

    /// The answer while what embeds may spend is spent: try again once it is renewed.
    private func spent() -> HTTPError {
        let wait = max(60, allowance.secondsUntilRenewal())
        return HTTPError(
            .serviceUnavailable, headers: [.retryAfter: String(wait)],
            message: "GitHub's budget for charts on this server is spent for now; the chart will be drawn later.")
    }

    /// Each repository's history, a few at a time, in the order asked.
    static func entries(_ names: [RepositoryName], reading: ReadContext) async -> [ComparePage.Entry] {
        await withTaskGroup(of: (Int, ComparePage.Entry).self) { group in
            for (index, name) in names.enumerated() {
                group.addTask { (index, ComparePage.Entry(name: name, history: await reading.history.starHistoryResult(name))) }
            }
            var entries: [(Int, ComparePage.Entry)] = []
            for await entry in group { entries.append(entry) }
            return entries.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// An SVG answer: cacheable for an hour (GitHub's history changes daily); the ETag comes
    /// from the body like every whole answer's.
    static func svg(_ document: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "image/svg+xml; charset=utf-8"
        headers[.cacheControl] = "public, max-age=3600"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: document)))
    }
}

extension Result {
    /// The error, when this is one.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
