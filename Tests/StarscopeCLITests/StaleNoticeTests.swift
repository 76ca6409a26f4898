import Foundation
import GitHubAPI
import StarscopeStore
import Testing

@testable import StarscopeCLI

/// The terminal's line for saved answers names what is stale, as the web's banner does, and
/// what GitHub's paths put in it cannot reach the terminal as control characters.
@Suite struct StaleNoticeTests {
    static let tenFortyTwo = Date(timeIntervalSince1970: 1_699_958_520)  // 2023-11-14 10:42 UTC

    @Test func theLineNamesItsSubjects() {
        let stale = CacheReport.Stale(
            fetchedAt: Self.tenFortyTwo, reason: .offline(reason: "refused"), subjects: ["octocat/Hello-World's README", "search results"])
        let line = StaleNotice.line(stale, timeZone: TimeZone(identifier: "UTC") ?? .current)
        // Another day's answers carry their date too.
        #expect(line == "offline: showing results from 2023-11-14 10:42 (octocat/Hello-World's README and search results)")
        let bare = CacheReport.Stale(fetchedAt: Self.tenFortyTwo, reason: .offline(reason: "refused"))
        #expect(
            StaleNotice.line(bare, timeZone: TimeZone(identifier: "UTC") ?? .current) == "offline: showing results from 2023-11-14 10:42")
    }

    @Test func aHostileSubjectReachesTheTerminalClean() {
        let subject = StaleSubject.of(path: "/repos/evil/x%1B%5B2J%E2%80%AEname")
        let stale = CacheReport.Stale(fetchedAt: Self.tenFortyTwo, reason: .offline(reason: "refused"), subjects: [subject])
        let line = StaleNotice.line(stale, timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(line.hasPrefix("offline: showing results from 2023-11-14 10:42 (evil/x"))
        #expect(!line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }
}
