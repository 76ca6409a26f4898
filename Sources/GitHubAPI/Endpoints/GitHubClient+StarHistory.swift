import Foundation
import StarscopeModels

/// A repository's star history as GitHub counts it: weekly buckets of the stars that still exist.
extension GitHubClient {
    /// The API version the endpoint exists in.
    public static let starHistoryVersion = "2026-03-10"
    /// GitHub gives 30 weeks a page, whatever `per_page` asks, and at most 100 pages.
    public static let starHistoryWeeksPerPage = 30
    public static let starHistoryMaximumPages = 100

    /// One page of `GET /repos/{owner}/{repo}/stargazers/history`: 30 weeks, newest first.
    /// GitHub answers 422 (`validationFailed`) when it has no history for the repository.
    public func starHistoryPage(owner: String, name: String, page: Int = 1) async throws(GitHubError) -> Page<StarHistoryWeek> {
        var parameters = [QueryItem("per_page", String(Self.starHistoryWeeksPerPage))]
        if page > 1 { parameters.append(QueryItem("page", String(page))) }
        return try await self.page(
            GitHubRequest.get(repositoryPath(owner, name) + "/stargazers/history", parameters).version(Self.starHistoryVersion),
            shape: .array)
    }

    /// `starHistoryPage`'s answer or its failure, as a value.
    func starHistoryPageResult(owner: String, name: String, page: Int) async -> Result<Page<StarHistoryWeek>, GitHubError> {
        do {
            return .success(try await starHistoryPage(owner: owner, name: name, page: page))
        } catch {
            return .failure(error)
        }
    }

    /// Every week of a repository's history, newest first: page 1, then the pages its `Link`
    /// names up to the last, `concurrency` at a time, each by its page number (the `Link` URLs
    /// may use another path form, so only their `page` is read). Returns the weeks, the number
    /// of requests made, and whether the history is whole: when `mayAsk` refuses the other pages
    /// (given the rate limit GitHub reported with page 1 and how many they are, maybe none), only
    /// page 1's newest 30 weeks come back.
    public func starHistory(
        owner: String, name: String, concurrency: Int = 6, mayAsk: (RateLimit, _ requests: Int) async -> Bool = { _, _ in true }
    ) async throws(GitHubError) -> (weeks: [StarHistoryWeek], requests: Int, whole: Bool) {
        let first = try await starHistoryPage(owner: owner, name: name)
        let last = min(first.links.lastPage ?? 1, Self.starHistoryMaximumPages)
        if let limit = first.rateLimit, await !mayAsk(limit, last - 1) { return (first.items, 1, false) }
        guard last > 1 else { return (first.items, 1, true) }
        var weeks = first.items
        var requests = 1
        var next = 2
        let width = max(1, concurrency)
        while next <= last {
            let numbers = Array(next...min(last, next + width - 1))
            let results = await withTaskGroup(of: (Int, Result<Page<StarHistoryWeek>, GitHubError>).self) { group in
                for number in numbers {
                    // The answer as a value, by a method: a `do throws(…)` in this closure makes the
                    // release build (Swift 6.3.1) hand back a corrupt page number.
                    group.addTask { (number, await self.starHistoryPageResult(owner: owner, name: name, page: number)) }
                }
                var byNumber: [Int: Result<Page<StarHistoryWeek>, GitHubError>] = [:]
                for await (number, result) in group { byNumber[number] = result }
                return byNumber
            }
            for number in numbers {
                guard let result = results[number] else { continue }
                weeks += try result.get().items
            }
            requests += numbers.count
            next += numbers.count
        }
        return (weeks, requests, true)
    }
}
