import Foundation
import StarscopeModels
import Testing

@testable import StarscopeWeb

/// A repository row rendered from a fixture model, without a server.
@Suite struct RowViewTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func repository(forks: Int, pushed: Date?) -> Repository {
        var repository = Repository(
            id: 7, name: "lab", fullName: "fern/lab", owner: Account(id: 1, login: "fern"), htmlURL: "https://github.com/fern/lab",
            createdAt: now - 3 * 86_400)
        repository.forksCount = forks
        repository.pushedAt = pushed
        repository.stargazersCount = 1_234
        return repository
    }

    @Test func rowsShowForksAndWhenCreatedAndPushed() {
        let html = RepositoryRow(
            Self.repository(forks: 2_500, pushed: Self.now - 2 * 3_600), favorite: false, origin: .trending(TrendingList()), now: Self.now
        ).view(PageContext(csrf: "x", viewer: .owner)).markup
        #expect(html.contains("title=\"2,500 forks\""))
        #expect(html.contains(">2.5k forks</span>"))
        #expect(html.contains(">created 3 days ago, pushed 2 hours ago</span>"))
        #expect(html.contains("data-stars=\"1234\""))
    }

    @Test func noForksAndNoPushSayNothingOfThem() {
        let html = RepositoryRow(Self.repository(forks: 0, pushed: nil), favorite: false, origin: .trending(TrendingList()), now: Self.now)
            .view(PageContext(csrf: "x", viewer: .owner)).markup
        #expect(!html.contains("forks"))
        #expect(!html.contains("pushed"))
        #expect(html.contains("created 3 days ago"))
    }
}
