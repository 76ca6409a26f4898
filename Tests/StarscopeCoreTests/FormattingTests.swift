import Foundation
import StarscopeModels
import Testing

@testable import StarscopeCore

@Suite struct FormattingTests {
    @Test(arguments: [
        (0, "0"), (999, "999"), (1_000, "1k"), (1_049, "1k"), (1_050, "1.1k"), (12_345, "12.3k"), (99_949, "99.9k"),
        (99_950, "100k"), (123_456, "123k"), (999_499, "999k"), (999_500, "1M"), (1_250_000, "1.3M"), (-1_500, "-1.5k"),
    ])
    func compactNumbers(value: Int, expected: String) {
        #expect(CompactNumber.format(value) == expected)
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (12_345, "12,345"), (100_000, "100,000"), (1_234_567, "1,234,567"),
        (-1_500, "-1,500"), (-999, "-999"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func groupedNumbers(value: Int, expected: String) {
        #expect(GroupedNumber.format(value) == expected)
    }

    @Test func bytesInHexadecimal() {
        #expect([UInt8]().hexString == "")
        #expect([0x00, 0x0F, 0x10, 0xAB, 0xFF].hexString == "000f10abff")
        #expect(Array(0...255).map { UInt8($0) }.hexString.count == 512)
    }

    @Test func relativeTimes() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RelativeTime.describe(now, now: now) == "just now")
        #expect(RelativeTime.describe(now - 60, now: now) == "1 minute ago")
        #expect(RelativeTime.describe(now - 3 * 3600, now: now) == "3 hours ago")
        #expect(RelativeTime.describe(now - 2 * 86_400, now: now) == "2 days ago")
        #expect(RelativeTime.describe(now - 400 * 86_400, now: now) == "1 year ago")
        #expect(RelativeTime.describe(now + 10, now: now) == "in the future")
    }

    @Test(arguments: [
        ("octocat@github.com", true), ("a.b+c@sub.example.org", true), ("not-an-email", false), ("<script>@x", false),
        ("two@@example.com", false), ("spaces in@example.com", false), ("user@localhost", false), ("@example.com", false),
    ])
    func emailCheck(text: String, valid: Bool) {
        #expect(EmailAddress.isValid(text) == valid)
    }

    @Test func everyEventTypeHasItsOwnSentence() {
        func event(_ type: String, _ payload: JSONValue) -> Event {
            Event(
                id: "1", type: type, actor: .init(id: 1, login: "octocat", avatarURL: nil), repo: .init(id: 2, name: "swiftlang/swift"),
                payload: payload, createdAt: Date())
        }
        let cases: [(String, JSONValue, String)] = [
            (
                "PushEvent", .object(["ref": .string("refs/heads/main"), "size": .number(3)]),
                "octocat pushed 3 commits to main in swiftlang/swift"
            ),
            ("WatchEvent", .object(["action": .string("started")]), "octocat starred swiftlang/swift"),
            ("CreateEvent", .object(["ref_type": .string("repository")]), "octocat created repository swiftlang/swift"),
            ("CreateEvent", .object(["ref_type": .string("branch"), "ref": .string("x")]), "octocat created branch x in swiftlang/swift"),
            ("DeleteEvent", .object(["ref_type": .string("tag"), "ref": .string("v1")]), "octocat deleted tag v1 in swiftlang/swift"),
            ("ForkEvent", .object(["forkee": .object(["full_name": .string("me/swift")])]), "octocat forked swiftlang/swift to me/swift"),
            (
                "IssuesEvent", .object(["action": .string("opened"), "issue": .object(["number": .number(7)])]),
                "octocat opened issue #7 in swiftlang/swift"
            ),
            ("IssueCommentEvent", .object(["issue": .object(["number": .number(7)])]), "octocat commented on issue #7 in swiftlang/swift"),
            (
                "PullRequestEvent",
                .object(["action": .string("closed"), "pull_request": .object(["number": .number(9), "merged": .bool(true)])]),
                "octocat merged pull request #9 in swiftlang/swift"
            ),
            (
                "PullRequestReviewEvent", .object(["pull_request": .object(["number": .number(9)])]),
                "octocat reviewed pull request #9 in swiftlang/swift"
            ),
            (
                "ReleaseEvent", .object(["action": .string("published"), "release": .object(["tag_name": .string("v6.0")])]),
                "octocat published release v6.0 in swiftlang/swift"
            ),
            ("PublicEvent", .object([:]), "octocat made swiftlang/swift public"),
            (
                "MemberEvent", .object(["action": .string("added"), "member": .object(["login": .string("ada")])]),
                "octocat added ada as a collaborator on swiftlang/swift"
            ),
            ("GollumEvent", .object([:]), "octocat updated the wiki of swiftlang/swift"),
            ("SponsorshipEvent", .object([:]), "octocat: Sponsorship in swiftlang/swift"),
        ]
        for (type, payload, sentence) in cases {
            #expect(EventSentence.describe(event(type, payload)) == sentence)
        }
    }
}
