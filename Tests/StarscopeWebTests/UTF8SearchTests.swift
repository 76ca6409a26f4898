import Foundation
import StarscopeModels
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

    /// Against a plain byte-by-byte search, on 2,000 random texts and needles over a small
    /// alphabet (so that partial matches abound), from random starting points.
    @Test func findsWhatAPlainSearchFinds() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("ab<-!".utf8) + [0xC3, 0xA9]
        func plain(_ wanted: [UInt8], _ text: [UInt8], _ begin: Int) -> Int? {
            guard !wanted.isEmpty, begin >= 0, text.count - begin >= wanted.count else { return nil }
            for offset in begin...(text.count - wanted.count) where Array(text[offset..<offset + wanted.count]) == wanted {
                return offset
            }
            return nil
        }
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...200, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 0 }
            let wanted = (0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 0 }
            let begin = Int.random(in: 0...max(0, text.count), using: &random)
            let mine = text.withUnsafeBufferPointer { t in
                wanted.withUnsafeBufferPointer { w in String.firstOffset(of: w, in: t, from: begin) }
            }
            #expect(mine == plain(wanted, text, begin), "\(wanted) in \(text) from \(begin)")
        }
    }
}
