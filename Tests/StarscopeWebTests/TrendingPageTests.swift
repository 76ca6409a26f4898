import Foundation
import StarscopeCore
import StarscopeModels
import Testing

@testable import StarscopeWeb

/// `TrendingPage`'s own `==` (it compares rows in place, for the kept renderings' keys) says what
/// the synthesised one would: every field, every row.
@Suite struct TrendingPageTests {
    static func row(_ id: Int64, stars: Int = 10, favorite: Bool = false) -> RepositoryRow {
        let repository = Repository(
            id: id, name: "r\(id)", fullName: "o/r\(id)", owner: Account(id: id * 10, login: "o"), description: "About \(id)",
            htmlURL: "https://github.com/o/r\(id)", createdAt: Date(timeIntervalSince1970: 1_700_000_000), stargazersCount: stars)
        return RepositoryRow(
            repository, favorite: favorite, origin: .trending(TrendingList()), now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func page() -> TrendingPage {
        var page = TrendingPage(list: TrendingList())
        page.rows = (1...25).map { row($0) }
        return page
    }

    @Test func everyFieldAndEveryRowCounts() {
        let page = Self.page()
        #expect(page == Self.page())
        var changes: [TrendingPage] = []
        for change in 0..<10 {
            var other = Self.page()
            switch change {
            case 0: other.list = TrendingList(query: TrendingQuery(timeframe: .day), page: 1)
            case 1: other.next = TrendingList(query: TrendingQuery(timeframe: .week), page: 2)
            case 2: other.incomplete = true
            case 3: other.failure = Failure(message: "x", retry: "/")
            case 4: other.status = .notFound
            case 5: other.rows[24] = Self.row(25, stars: 11)
            case 6: other.rows[0] = Self.row(1, favorite: true)
            case 7: other.rows.removeLast()
            case 8: other.rows.append(Self.row(26))
            default: other.rows.swapAt(3, 4)
            }
            changes.append(other)
        }
        for (index, other) in changes.enumerated() {
            #expect(page != other, "change \(index) went unseen")
        }
    }

    /// The hand-written `==` names six fields; a seventh would go uncompared until it is added there.
    @Test func theComparisonNamesEveryField() {
        #expect(
            Mirror(reflecting: TrendingPage(list: TrendingList())).children.map { $0.label ?? "" } == [
                "list", "rows", "next", "incomplete", "failure", "status",
            ])
    }
}
