import Foundation
import StarscopeModels

/// A repository's star history as GitHub gave it (weekly buckets, newest first), and when it was
/// last asked for. Kept for public repositories only, like the rest of what accounts share.
public struct GitHubStarWeeks: Sendable, Hashable {
    public var repositoryID: Int64
    public var weeks: [StarHistoryWeek]
    public var fetchedAt: Date
    /// GitHub answered 422: it has no history of this repository (asked again after a day).
    public var unavailable: Bool

    public init(repositoryID: Int64, weeks: [StarHistoryWeek], fetchedAt: Date, unavailable: Bool = false) {
        self.repositoryID = repositoryID
        self.weeks = weeks
        self.fetchedAt = fetchedAt
        self.unavailable = unavailable
    }

    /// The weeks of `refreshed` (page 1 again: the newest) over `stored`: every stored week from
    /// the oldest refreshed one on is replaced, the older ones kept. Newest first.
    public static func merge(stored: [StarHistoryWeek], refreshed: [StarHistoryWeek]) -> [StarHistoryWeek] {
        guard let oldest = refreshed.map(\.week).min() else { return stored }
        return refreshed.sorted { $0.week > $1.week } + stored.filter { $0.week < oldest }
    }

    /// Days per week as stored: "3,9,7,5,6,8,3".
    package static func encode(_ days: [Int]) -> String { days.map(String.init).joined(separator: ",") }

    package static func decode(_ text: String) -> [Int] { text.split(separator: ",").compactMap { Int($0) } }
}
