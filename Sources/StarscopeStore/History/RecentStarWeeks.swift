import Foundation
import StarscopeModels

/// The newest weeks of a public repository's star history as GitHub gave them (page 1 of
/// `stargazers/history`: 30 weeks), kept to find repositories breaking out of their usual pace.
public struct RecentStarWeeks: Sendable, Hashable {
    /// The repository as last seen in a list or detail (its shared snapshot).
    public var repository: Repository
    /// Newest first.
    public var weeks: [StarHistoryWeek]
    public var fetchedAt: Date

    public init(repository: Repository, weeks: [StarHistoryWeek], fetchedAt: Date) {
        self.repository = repository
        self.weeks = weeks
        self.fetchedAt = fetchedAt
    }

    /// "week|total|d,d,d,d,d,d,d" a week, weeks joined by ";".
    package static func encode(_ weeks: [StarHistoryWeek]) -> String {
        weeks.map { "\($0.week)|\($0.total)|\(GitHubStarWeeks.encode($0.days))" }.joined(separator: ";")
    }

    /// A shared snapshot, when it may still be shared.
    package static func sharedRepository(_ snapshot: Data) -> Repository? {
        guard
            let repository = try? GitHubJSON.decode(Repository.self, from: snapshot), Viewer.mayShare(repository)
        else { return nil }
        return repository
    }

    package static func decode(_ text: String) -> [StarHistoryWeek] {
        text.split(separator: ";").compactMap { part in
            let fields = part.split(separator: "|", omittingEmptySubsequences: false)
            guard fields.count == 3, let week = Int64(fields[0]), let total = Int(fields[1]) else { return nil }
            return StarHistoryWeek(week: week, total: total, days: GitHubStarWeeks.decode(String(fields[2])))
        }
    }
}
