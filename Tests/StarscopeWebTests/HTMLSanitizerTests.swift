import Foundation
import Testing

@testable import FakeGitHub
@testable import StarscopeWeb

/// GitHub's rendered README goes through `HTMLSanitizer` before it reaches a page: whatever goes
/// in, nothing that comes out can run script, load a frame, submit a form or leave its box.
@Suite struct HTMLSanitizerTests {
    let sanitizer = HTMLSanitizer(owner: "octo", name: "repo", branch: "main")

    func clean(_ html: String) -> String {
        sanitizer.sanitize(html).markup
    }

    // MARK: Properties

    static let fragments = [
        "<script>", "</script>", "<SCRIPT src=x>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:alert(1)\">",
        "<a href='JaVaScRiPt:alert(1)'>", "<a href=java&#x09;script:alert(1)>", "<a href=\"&#106;avascript:x\">",
        "<a href=javascript&colon;x>", "<a href=data:text/html,x>", "<a href=vbscript:x>", "<img src=\"data:image/png;base64,AA\">",
        "</a>", "<p>", "</p>", "<div onclick=\"x\">", "</div>", "<style>", "</style>", "<iframe src=//evil>", "</iframe>", "<!--",
        "-->", "<![CDATA[", "]]>", "<svg onload=x>", "<math>", "<table>", "<tr>", "<td colspan=2>", "</td>", "</table>", "<b>",
        "</b>", "<i>", "text", " ", "&lt;", "&amp;", "&#60;script&#62;", "\"", "'", "<", ">", "=", "/", "<img", " src=", " onload=",
        " ONMOUSEOVER=", "javascript:", "<details open ontoggle=x>", "<form action=x>", "</form>", "<noscript>", "</noscript>",
        "<template>", "<meta http-equiv=refresh content=0;url=x>", "<base href=x>", "<link rel=stylesheet href=x>",
        "<object data=x>", "<embed src=x>", "<textarea>", "</textarea>", "<title>", "<plaintext>", "<a href=\"#top\">",
        "<img src=\"a.png\" alt=\"A\">", "<code>", "</code>", "<pre>", "\u{0}", "\t", "\n", "<a href=\" https://ok.example/ \">",
        "<h1 id=x class=\"anchor evil\">", "<td style=\"color:red\">", "<a href=\"mailto:a@b.c\">", "<a href=\"docs/x.md\">",
        "<img src=\"//evil.example/x.png\">", "<a href=\"\u{0}javascript:x\">", "<x-foo onclick=x>", "</x-foo>", "<?php ?>",
        "<a href=\"jav\nascript:x\">", "<img src=\"http://plain.example/x.png\">", "<a b=\"", "<br/>", "</br>", "<hr>",
    ]

    static func randomDocument(_ random: inout SeededRandom) -> String {
        (0..<random.int(in: 1...40)).map { _ in fragments[random.int(in: 0...(fragments.count - 1))] }.joined()
    }

    @Test func randomMarkupNeverComesOutScriptCapable() {
        var random = SeededRandom(seed: 20_261_124)
        for round in 0..<3_000 {
            let input = Self.randomDocument(&random)
            let output = clean(input)
            let problems = SafeMarkup.problems(in: output)
            #expect(problems.isEmpty, "round \(round): \(problems) in \(output.debugDescription) from \(input.debugDescription)")
            if !problems.isEmpty { return }
        }
    }

    /// The checker above would notice each kind of failure.
    @Test func theCheckerCatchesWhatItLooksFor() {
        for bad in [
            "<script>x</script>", "<a onclick=\"x\">a</a>", "<a href=\"javascript:x\">a</a>", "<img src=\"data:x\">",
            "<a href=\" JAVA SCRIPT:x\">a</a>", "<p>open", "<b><i></b></i>", "a < b", "<p style=\"x\"></p>",
        ] {
            #expect(!SafeMarkup.problems(in: bad).isEmpty, "\(bad)")
        }
        #expect(
            SafeMarkup.problems(in: "<p><a href=\"https://x.example/\" rel=\"nofollow\">a</a><br><img src=\"/p\" alt=\"\"></p>").isEmpty)
    }

    @Test func deepNestingIsCutAndClosed() {
        let output = clean(String(repeating: "<div><span>", count: 500) + "deep")
        #expect(SafeMarkup.problems(in: output).isEmpty)
        #expect(output.components(separatedBy: "<div>").count - 1 + output.components(separatedBy: "<span>").count - 1 <= 48)
        #expect(output.contains("deep"))
    }

    // MARK: The hostile READMEs of the fake GitHub

    @Test(arguments: HostileReadmes.all.indices)
    func hostileReadmesAreDisarmed(_ index: Int) {
        let output = clean(MarkdownRendering.html(HostileReadmes.all[index]))
        #expect(SafeMarkup.problems(in: output).isEmpty, "\(SafeMarkup.problems(in: output))")
        let lower = output.lowercased()
        for marker in ["<script", "<iframe", "<form", "<input", "<meta", "<base", "<link", "<style", "<object", "<embed", "<svg", "style="]
        {
            #expect(!lower.contains(marker), "\(marker) in README \(index)")
        }
        #expect(!lower.contains("evil.example/steal"))
    }

    @Test func scriptsAndTheirTextAreGone() {
        let output = clean(MarkdownRendering.html(HostileReadmes.scripts))
        #expect(!output.contains("__starscopeHacked"))
        #expect(!output.contains("pwned"))
        #expect(output.contains("Plain text before."))
        #expect(output.contains("Text after."))
    }

    @Test func handlersAreDroppedAndTheirElementsKept() {
        let output = clean(MarkdownRendering.html(HostileReadmes.handlers))
        #expect(!output.contains("__starscopeHacked"))
        #expect(output.contains("<a href=\"#user-content-usage\">click me</a>"))
        #expect(output.contains("<details open><summary>More</summary>Hidden</details>"))
    }

    @Test func onlyWebAndMailURLsSurvive() {
        let output = clean(MarkdownRendering.html(HostileReadmes.urls))
        for scheme in ["javascript:", "vbscript:", "data:"] {
            #expect(!SafeMarkup.urls(in: output).contains { $0.lowercased().contains(scheme) })
        }
        #expect(output.contains("<a href=\"https://example.org/fine\" rel=\"nofollow noopener noreferrer\">a fine link</a>"))
        #expect(output.contains("href=\"https://github.com/octo/repo/blob/main/docs/GUIDE.md\""))
        #expect(output.contains(">mixed case</a>"))
    }

    @Test func framesFormsHeadsAndStylesAreDroppedWithTheirContent() {
        #expect(!clean(MarkdownRendering.html(HostileReadmes.frames)).contains("evil"))
        let form = clean(MarkdownRendering.html(HostileReadmes.forms))
        #expect(!form.contains("give it to me"))
        #expect(!form.contains("Send"))
        let head = clean(MarkdownRendering.html(HostileReadmes.head))
        #expect(!head.contains("evil"))
        #expect(head.contains("href=\"https://github.com/octo/repo/blob/main/docs/GUIDE.md\""))
        let styles = clean(MarkdownRendering.html(HostileReadmes.styles))
        #expect(!styles.contains("display"))
        #expect(!styles.contains("flash"))
        #expect(styles.contains("<p id=\"user-content-main\">Classes and ids of the page</p>"))
    }

    @Test func aHugeTableStaysOneBalancedTable() {
        let output = clean(MarkdownRendering.html(HostileReadmes.hugeTable))
        #expect(output.components(separatedBy: "<tr>").count - 1 == 2_001)
        #expect(SafeMarkup.problems(in: output).isEmpty)
    }

    // MARK: What a README needs

    @Test func gitHubsMarkupIsKept() {
        let html = """
            <div class="markdown-heading"><h2 class="heading-element">Usage</h2><a id="user-content-usage" class="anchor" \
            aria-label="Permalink: Usage" href="#usage"><svg class="octicon" viewBox="0 0 16 16"><path d="m7"></path></svg></a></div>
            <div class="highlight highlight-source-swift"><pre>let x = <span class="pl-c1">1</span></pre></div>
            <table><thead><tr><th align="right">A</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>
            <p><strong>bold</strong> <em>em</em> <del>gone</del> <code>code</code> <kbd>⌘</kbd> x<sup>2</sup></p>
            <ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>quoted</p></blockquote><hr><br>
            """
        let output = clean(html)
        #expect(output.contains("<div class=\"markdown-heading\"><h2 class=\"heading-element\">Usage</h2>"))
        #expect(
            output.contains(
                "<a id=\"user-content-usage\" class=\"anchor\" aria-label=\"Permalink: Usage\" href=\"#user-content-usage\"></a>"))
        #expect(output.contains("<div class=\"highlight highlight-source-swift\"><pre>let x = <span>1</span></pre></div>"))
        #expect(output.contains("<th align=\"right\">A</th>"))
        #expect(output.contains("<td colspan=\"2\">b</td>"))
        #expect(output.contains("<p><strong>bold</strong> <em>em</em> <del>gone</del> <code>code</code> <kbd>⌘</kbd> x<sup>2</sup></p>"))
        #expect(output.contains("<ol start=\"3\"><li>three</li></ol><blockquote><p>quoted</p></blockquote><hr><br>"))
    }

    @Test func relativeLinksAndImagesPointIntoTheRepository() {
        let output = clean(
            #"<a href="docs/GUIDE.md">g</a><a href="./CHANGELOG.md#v2">c</a><a href="/octo/repo/blob/main/LICENSE">l</a><img src="assets/logo.png" alt="Logo"><img src="https://img.shields.io/b.svg" alt="badge">"#
        )
        #expect(output.contains("href=\"https://github.com/octo/repo/blob/main/docs/GUIDE.md\""))
        #expect(output.contains("href=\"https://github.com/octo/repo/blob/main/CHANGELOG.md#v2\""))
        #expect(output.contains("href=\"https://github.com/octo/repo/blob/main/LICENSE\""))
        #expect(output.contains("<img src=\"https://raw.githubusercontent.com/octo/repo/main/assets/logo.png\" alt=\"Logo\">"))
        #expect(output.contains("<img src=\"https://img.shields.io/b.svg\" alt=\"badge\">"))
    }

    @Test func anImageWithoutADescriptionGetsAnEmptyOne() {
        let expected = #"<img src="https://raw.githubusercontent.com/octo/repo/main/assets/logo.png" alt="">"#
        #expect(clean(#"<img src="assets/logo.png">"#) == expected)
        #expect(clean(#"<img src="assets/logo.png" alt="Logo">"#).hasSuffix(#" alt="Logo">"#))
    }

    @Test func theImageHookCanProxyOrDrop() {
        let proxied = HTMLSanitizer(owner: "octo", name: "repo", branch: "dev") { url in
            url.host == "raw.githubusercontent.com"
                ? "/image?src=" + (url.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") : nil
        }
        let output = proxied.sanitize(#"<img src="logo.png" alt="Logo"><img src="https://tracker.example/p.gif" alt="Pixel">"#).markup
        #expect(
            output.contains(
                "<img src=\"/image?src=https%3A%2F%2Fraw%2Egithubusercontent%2Ecom%2Focto%2Frepo%2Fdev%2Flogo%2Epng\" alt=\"Logo\">"))
        #expect(!output.contains("tracker"))
        #expect(output.hasSuffix("Pixel"))
    }

    @Test func textIsEscapedAndTagsBalanced() {
        #expect(clean("a &lt;script&gt; & b < c") == "a &lt;script&gt; &amp; b &lt; c")
        #expect(clean("<p>unclosed <b>bold <i>italic</p>after") == "<p>unclosed <b>bold <i>italic</i></b></p>after")
        #expect(clean("</div></p>stray<x-tag>kept</x-tag>") == "straykept")
        #expect(
            clean("<a href=\"https://ok.example/\" onclick=\"x\" target=\"_top\">ok</a>")
                == "<a href=\"https://ok.example/\" rel=\"nofollow noopener noreferrer\">ok</a>")
    }
}

/// An independent check of sanitised markup: every `<` opens a tag of the allow-list, every
/// attribute is allowed and quoted, no URL has a scheme other than http, https or mailto, and
/// every element is closed in order.
enum SafeMarkup {
    static let tags: Set<String> = [
        "h1", "h2", "h3", "h4", "h5", "h6", "p", "a", "img", "code", "pre", "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "table",
        "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "em", "strong", "b", "i", "u", "s", "del", "ins", "strike", "hr", "br",
        "details", "summary", "sup", "sub", "kbd", "samp", "var", "q", "mark", "small", "abbr", "div", "span",
    ]
    static let voids: Set<String> = ["img", "hr", "br"]
    static let attributes: Set<String> = [
        "href", "src", "alt", "title", "width", "height", "align", "colspan", "rowspan", "id", "class", "dir", "aria-label", "open",
        "start", "rel",
    ]
    static let tag = try! NSRegularExpression(pattern: #"^<(/?)([a-z0-9]+)((?:\s[a-z-]+(?:="[^"<>]*")?)*)>$"#)
    static let attribute = try! NSRegularExpression(pattern: #"\s([a-z-]+)(?:="([^"]*)")?"#)

    static func problems(in markup: String) -> [String] {
        var problems: [String] = []
        var stack: [String] = []
        var rest = Substring(markup)
        while let open = rest.firstIndex(of: "<") {
            // Values are escaped, so a tag ends at the first `>`.
            guard let close = rest[open...].firstIndex(of: ">") else {
                problems.append("stray < at \(rest[open...].prefix(30).debugDescription)")
                break
            }
            let text = String(rest[open...close])
            rest = rest[rest.index(after: close)...]
            guard let match = tag.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let name = Range(match.range(at: 2), in: text).map({ String(text[$0]) }),
                let attributeText = Range(match.range(at: 3), in: text).map({ String(text[$0]) })
            else {
                problems.append("not a tag: \(text.prefix(60).debugDescription)")
                continue
            }
            let closing = match.range(at: 1).length > 0
            if !tags.contains(name) { problems.append("tag \(name)") }
            if closing {
                if stack.last == name { stack.removeLast() } else { problems.append("</\(name)> closes \(stack.last ?? "nothing")") }
            } else {
                if !voids.contains(name) { stack.append(name) }
                for item in attribute.matches(in: attributeText, range: NSRange(attributeText.startIndex..., in: attributeText)) {
                    guard let nameRange = Range(item.range(at: 1), in: attributeText) else { continue }
                    let attributeName = String(attributeText[nameRange])
                    if !attributes.contains(attributeName) || attributeName.hasPrefix("on") {
                        problems.append("attribute \(attributeName)")
                    }
                    if attributeName == "href" || attributeName == "src", let valueRange = Range(item.range(at: 2), in: attributeText) {
                        if let problem = urlProblem(unescape(String(attributeText[valueRange]))) { problems.append(problem) }
                    }
                }
            }
        }
        if !stack.isEmpty { problems.append("unclosed \(stack)") }
        return problems
    }

    static func urls(in markup: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:href|src)="([^"]*)""#)
        return pattern.matches(in: markup, range: NSRange(markup.startIndex..., in: markup)).compactMap {
            Range($0.range(at: 1), in: markup).map { unescape(String(markup[$0])) }
        }
    }

    static func unescape(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func urlProblem(_ url: String) -> String? {
        let squeezed = url.unicodeScalars.filter { $0.value > 0x20 }.map(String.init).joined().lowercased()
        if url.hasPrefix("#") || url.hasPrefix("/") && !url.hasPrefix("//") { return nil }
        for scheme in ["http://", "https://", "mailto:"] where squeezed.hasPrefix(scheme) { return nil }
        return "URL \(url.debugDescription)"
    }
}
