import Foundation
import Testing

@testable import StarscopeWeb

/// The two functions every piece of GitHub's text passes through on its way into a page.
@Suite struct HTMLEscapingTests {
    @Test func markupCharactersBecomeEntities() {
        #expect(HTML.escape(#"<script>alert("x" & 'y')</script>"#) == "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;")
    }

    @Test func controlsAreDroppedButTabsAndNewlinesKept() {
        #expect(HTML.escape("a\u{0}b\u{1B}[31mc\u{7F}d\te\nf\r") == "ab[31mcd\te\nf")
    }

    @Test(arguments: ["", "plain text", "日本語のリポジトリ", "emoji 🚀👩‍💻", "\u{202E}evil\u{202C} and עברית", "ünïcödé"])
    func textWithNothingToEscapeIsUnchanged(text: String) {
        #expect(HTML.escape(text) == text)
    }

    @Test func textOutsideASCIISurvivesBesideEscapes() {
        #expect(HTML.escape("🚀<b>é</b>\u{0}עברית") == "🚀&lt;b&gt;é&lt;/b&gt;עברית")
    }

    /// Whatever the text, the result holds no markup character and, unescaped, gives back the
    /// text without its controls.
    @Test func escapingRoundTrips() {
        for _ in 0..<500 {
            let text = Self.randomText(from: "<>&\"'ab \t\n\u{0}\u{7F}é🚀\u{202E}ש", upTo: 40)
            let escaped = HTML.escape(text)
            #expect(!escaped.contains(where: { "<>\"'".contains($0) }))
            let back = escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            #expect(
                back
                    == String(
                        String.UnicodeScalarView(
                            text.unicodeScalars.filter { $0 == "\n" || $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) })))
        }
    }

    @Test func queryValuesKeepOnlyUnreservedASCII() {
        #expect(HTML.query("rust lang&sort=stars") == "rust%20lang%26sort%3Dstars")
        #expect(HTML.query("A-z_0.9~") == "A-z_0.9~")
        #expect(HTML.query("é🚀") == "%C3%A9%F0%9F%9A%80")
        #expect(HTML.query("c++/#?") == "c%2B%2B%2F%23%3F")
    }

    @Test func queryValuesRoundTrip() {
        for _ in 0..<500 {
            let text = Self.randomText(from: "a Z9-._~%&=+/?#éß🚀\u{202E}\"<", upTo: 30)
            let encoded = HTML.query(text)
            #expect(encoded.utf8.allSatisfy { $0 < 0x80 })
            #expect(encoded.removingPercentEncoding == text)
        }
    }

    /// Up to `length` characters drawn from `alphabet`.
    static func randomText(from alphabet: String, upTo length: Int) -> String {
        String((0..<Int.random(in: 0...length)).map { _ in alphabet.randomElement() ?? "a" })
    }
}
