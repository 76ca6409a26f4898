import Foundation
import StarscopeModels

/// What a check of favourites for news (`UpdatesCheck`) reads and writes: the part of the store
/// it depends on, and all that a stand-in for it must give.
public protocol UpdatesCheckStore: Sendable {
    func watchedRepositories(for viewer: Viewer?) async throws(StoreError) -> [(id: Int64, fullName: String)]
    func watchProblems(for viewer: Viewer?) async throws(StoreError) -> [WatchProblem]
    func snapshot(fullName: String, for viewer: Viewer) async throws(StoreError) -> (repository: Repository, fetchedAt: Date)?
    func watch(repositoryID: Int64, for viewer: Viewer) async throws(StoreError) -> RepositoryWatch?
    func starHistory(repositoryID: Int64) async throws(StoreError) -> [StarSample]
    func recentStarWeeks(of repository: Repository) async throws(StoreError) -> (weeks: [StarHistoryWeek], fetchedAt: Date)?
    func record(_ watch: RepositoryWatch, updates: [Update], of repository: Repository, checkedFor viewer: Viewer)
        async throws(StoreError)
    func record(_ problem: WatchProblem, updates: [Update]) async throws(StoreError)
}
