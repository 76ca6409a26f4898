import FakeGitHub
import Foundation
import GitHubAPI
import StarscopeCore
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// The stand-in banner says what is stale and since when, not only that something is.
@Suite struct StaleBannerTests {
    @Test(arguments: [
        ("/search/repositories", "search results"), ("/search/users", "people found"),
        ("/repos/octocat/Hello-World", "octocat/Hello-World"), ("/repos/octocat/Hello-World/readme", "octocat/Hello-World's README"),
        ("/repos/a/b/stargazers", "a/b's star history"), ("/repos/a/b/contributors", "a/b's contributors"),
        ("/users/octocat", "octocat's profile"), ("/orgs/swiftlang/repos", "swiftlang's repositories"),
        ("/users/octocat/events/public", "octocat's activity"), ("/user/starred", "your GitHub stars"),
        ("/repos/a%3Cb/c", "a<b/c"), ("/rate_limit", "GitHub's answers"),
    ])
    func eachRequestIsNamedForWhatItAsks(path: String, subject: String) {
        #expect(StaleSubject.of(path: path) == subject)
    }

    @Test func manySubjectsAreNamedAFewAndCountedTheRest() {
        #expect(StaleSubject.list(["a"]) == "a")
        #expect(StaleSubject.list(["a", "b"]) == "a and b")
        #expect(StaleSubject.list(["a", "b", "c", "d", "e"]) == "a, b, c and 2 more")
        let report = CacheReport()
        for index in 0..<500 { report.recordStale(fetchedAt: Date(), reason: .offline(reason: "x"), subject: "s\(index)") }
        report.recordStale(fetchedAt: Date(), reason: .offline(reason: "x"), subject: "s1")
        #expect(report.stale?.subjects.count == 100)
    }

    @Test func anAnswerKeptOnAnotherDayGivesItsDate() throws {
        let now = Date()
        let yesterday = now.addingTimeInterval(-86_400)
        let stale = CacheReport.Stale(fetchedAt: yesterday, reason: .offline(reason: "x"), subjects: ["a/b's README"])
        let text = try #require(Banner.text(stale, now: now))
        #expect(text == "Offline — showing results from \(ClockTime.format(yesterday, now: now)): a/b's README.")
        #expect(ClockTime.format(yesterday, now: now).count > 5)
    }

    @Test func aListGitHubCannotGiveSaysWhatStandsInForIt() async throws {
        try await WebHarness.run(searchFreshness: 0) { web in
            #expect(try await web.page("/?since=month").status == .ok)
            await web.fake.inject(.serverError, path: "")
            let (_, list, _) = try await web.page("/?since=month")
            let banner = try #require(list.components(separatedBy: "<div class=\"banner\" role=\"status\">").dropFirst().first)
            let text = banner.prefix { $0 != "<" }
            #expect(text.hasPrefix("GitHub is having trouble — showing results from "))
            #expect(text.hasSuffix(": search results."))
        }
    }
}
