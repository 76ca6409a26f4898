import Foundation
import StarscopeModels
import Testing

@testable import StarscopeWeb

@Suite struct RisingPageTests {
    @Test func risingPageRanksGainsAndSaysWhenHistoryIsShort() async throws {
        try await WebHarness.run { web in
            let empty = try await web.page("/rising")
            #expect(empty.status == .ok)
            #expect(empty.html.contains("Not enough history yet"))
            let now = Date()
            for (id, stars, ago) in [(1, 10, 7_200.0), (1, 30, 60.0), (2, 5, 7_200.0), (2, 90, 60.0)] {
                let repository = Repository(
                    id: Int64(id), name: "r\(id)", fullName: "o/r\(id)", owner: Account(id: 9, login: "o"),
                    htmlURL: "https://github.com/o/r\(id)",
                    createdAt: now - 86_400, stargazersCount: stars)
                try await web.services.database.observe([repository], for: .owner, at: now - ago)
            }
            let (status, html, _) = try await web.page("/rising?since=day")
            #expect(status == .ok)
            let order = html.components(separatedBy: "data-repo=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(order == ["o/r2", "o/r1"])
            #expect(html.contains("data-gained=\"85\""))
            #expect(html.contains("+85 <span class=\"span\">in 1h 59m</span>"))
            #expect(html.contains("covers only the last 2 hours"))
            #expect(try await web.page("/rising?since=year").status == .badRequest)
        }
    }
}
