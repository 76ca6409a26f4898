import Foundation
import Testing

@testable import StarscopeWeb

/// `String.firstUTF8Range(of:from:)`, which finds the streams' markers, against Foundation's
/// `range(of:)` (the slow one it replaces), on text that is not all ASCII.
@Suite struct UTF8SearchTests {
    static let page = "<p>naïve 🧑‍💻 café</p><!--sections--><p>ünïcode</p><!--sections--><p>end</p>"

    @Test(arguments: ["<!--sections-->", "café", "🧑‍💻", "<p>end</p>", "<p>", "missing", "</p><!", "d</p>"])
    func findsWhatFoundationFinds(_ needle: String) {
        let mine = Self.page.firstUTF8Range(of: needle)
        let theirs = Self.page.range(of: needle)
        #expect(mine.map { String(Self.page[$0]) } == theirs.map { String(Self.page[$0]) })
        #expect(mine?.lowerBound == theirs?.lowerBound)
        #expect(mine?.upperBound == theirs?.upperBound)
    }

    @Test func searchesFromAnIndexAndNeverPastTheEnd() throws {
        let first = try #require(Self.page.firstUTF8Range(of: "<!--sections-->"))
        let second = try #require(Self.page.firstUTF8Range(of: "<!--sections-->", from: first.upperBound))
        #expect(second.lowerBound > first.upperBound)
        #expect(Self.page.firstUTF8Range(of: "<!--sections-->", from: second.upperBound) == nil)
        #expect(Self.page.firstUTF8Range(of: "") == nil)
        #expect("ab".firstUTF8Range(of: "abc") == nil)
        #expect("".firstUTF8Range(of: "a") == nil)
        #expect(Self.page.firstUTF8Range(of: "<p>", from: Self.page.endIndex) == nil)
    }
}
