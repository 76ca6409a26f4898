import Foundation
import Testing

@testable import GitHubAPI

@Suite struct LinkHeaderTests {
    @Test func usersFirstIsATemplateAndNextAURL() throws {
        let header = LinkHeader(
            #"<https://api.github.com/users?since=46>; rel="next", <https://api.github.com/users{?since}>; rel="first""#)
        #expect(header.next?.absoluteString == "https://api.github.com/users?since=46")
        #expect(header.first == .template("https://api.github.com/users{?since}"))
        #expect(header.first?.expanded(["since": "0"])?.absoluteString == "https://api.github.com/users?since=0")
        #expect(header.first?.expanded([:])?.absoluteString == "https://api.github.com/users")
    }

    /// Found by the `link` fuzz target: U+0602 and the space after it are one Character, so a
    /// split on Characters kept the space inside one relation name and lost `next`.
    @Test func relationsSplitOnEverySpaceEvenAfterAPrependedMark() {
        let header = LinkHeader("<https://api.github.com/users?since=46>; rel=\"\u{602} next\"")
        #expect(header.next?.absoluteString == "https://api.github.com/users?since=46")
        #expect(header.relations.keys.allSatisfy { !$0.contains(" ") })
    }

    @Test func anEmptyHeaderHasNoRelations() {
        #expect(LinkHeader("").relations.isEmpty)
        #expect(LinkHeader("garbage, <>, ;;").next == nil)
    }

    @Test func commasInsideURLsAndQuotedValuesDoNotSplitLinks() {
        let header = LinkHeader(#"<https://x.test/a?q=a,b&page=2>; rel="next", <https://x.test/a?q=a,b&page=9>; title="x, y"; rel="last""#)
        #expect(header.next?.absoluteString == "https://x.test/a?q=a,b&page=2")
        #expect(header.last?.absoluteString == "https://x.test/a?q=a,b&page=9")
        #expect(header.lastPage == 9)
    }

    @Test func relationNamesAreCaseInsensitiveAndMayBeUnquotedOrSeveral() {
        let header = LinkHeader(#"<https://x.test/2>; REL=Next, <https://x.test/1>; rel="first prev""#)
        #expect(header.next?.absoluteString == "https://x.test/2")
        #expect(header.prev?.absoluteString == "https://x.test/1")
        #expect(header.first?.url?.absoluteString == "https://x.test/1")
    }
}
