import Foundation
import StarscopeModels

/// `GET /repos/O/N/stargazers/history` as GitHub serves it since 2026-09-04: only with
/// `X-GitHub-Api-Version: 2026-03-10`; weekly buckets newest first, 30 a page whatever
/// `per_page` says, at most 100 pages, `Link` with `rel="last"`; an empty first page for a
/// repository without stars; 422 for one GitHub has no history of; ETag and 304 like the rest.
extension FakeGitHubState {
    static let starHistoryVersion = "2026-03-10"

    func starHistory(_ index: Int, request: FakeRequest) -> FakeResponse {
        guard request.apiVersion == Self.starHistoryVersion else {
            return .error(404, "Not Found", documentation: "https://docs.github.com/rest/activity/starring")
        }
        let repository = current(index)
        guard !FakeStarHistory.isUnavailable(repository.id) else {
            return .error(
                422, "Star history is not available for this repository.", documentation: "https://docs.github.com/rest/activity/starring")
        }
        let weeks = starHistoryWeeks(index, now: Date())
        let reachable = min(weeks.count, 30 * 100)
        let page = max(1, Int(request.query["page"] ?? "") ?? 1)
        let items = Self.slice(weeks.prefix(reachable), perPage: 30, page: page).map { week in
            JSONValue.object([
                "week": .number(Double(week.week)), "total": .number(Double(week.total)),
                "days": .array(week.days.map { .number(Double($0)) }),
            ])
        }
        var response = FakeResponse.json(.array(items), caching: .standard(lastModified: nil))
        if let link = Self.pageLinks(request, total: reachable, perPage: 30, page: page) { response.headers.append(("Link", link)) }
        return response
    }

    /// The weekly buckets of the repository at `index` as they are now, newest first.
    func starHistoryWeeks(_ index: Int, now: Date) -> [StarHistoryWeek] {
        let seeded = dataset.repositories[index]
        let days = FakeStarHistory.days(
            id: seeded.id, seededStars: changes.historyStars[index] ?? seeded.stars, currentStars: changes.stars[index],
            created: seeded.createdAt, now: now
        )
        return FakeStarHistory.weeks(firstDay: days.firstDay, counts: days.counts)
    }

    func starHistoryWeeks(fullName: String) -> [StarHistoryWeek]? {
        guard case .here(let index)? = locate(fullName) else { return nil }
        return starHistoryWeeks(index, now: Date())
    }
}
