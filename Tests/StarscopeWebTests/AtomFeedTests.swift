import FakeGitHub
import Foundation
import Testing

@testable import StarscopeWeb

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The XML escaping and the Atom view, with no server: every hostile string must come back from a
/// real XML parser as the text it was (less what XML 1.0 cannot carry), and a feed must be
/// well-formed Atom with the elements RFC 4287 requires.
@Suite struct AtomFeedTests {
    @Test func escapingTurnsMarkupIntoEntitiesAndKeepsOtherText() {
        #expect(XML.escape("plain text, ünïcödé, 🚀") == "plain text, ünïcödé, 🚀")
        #expect(XML.escape("<a href=\"x\">Tom & 'Jerry'</a>") == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;")
        #expect(XML.escape("]]>") == "]]&gt;")
        #expect(XML.escape("<![CDATA[x]]>") == "&lt;![CDATA[x]]&gt;")
        #expect(XML.escape("&amp;") == "&amp;amp;")
        #expect(XML.escape("tab\tand\nnewline") == "tab\tand\nnewline")
        #expect(XML.escape("one\r\ntwo") == "one&#13;\ntwo")
    }

    @Test func escapingDropsWhatXMLCannotCarry() {
        // NUL and the other C0 controls are not allowed even as character references.
        #expect(XML.escape("Null\u{0}byte") == "Nullbyte")
        #expect(XML.escape("\u{1B}[31mRed\u{1B}[0m \u{07}bell\u{8}\u{B}\u{C}\u{1F}") == "[31mRed[0m bell")
        // DEL and C1 controls (allowed, discouraged), and the two non-characters XML excludes.
        #expect(XML.escape("a\u{7F}b\u{80}c\u{9F}d\u{FFFE}e\u{FFFF}f") == "abcdef")
        // Right next to them, what is allowed stays.
        #expect(XML.escape("\u{A0}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}") == "\u{A0}\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}")
        #expect(XML.escape("\u{202E}txt.exe") == "\u{202E}txt.exe")
    }

    @Test(arguments: HostileStrings.all + [HostileStrings.huge, "]]>", "\u{0}\u{1}\u{2}<&>\u{FFFE}", "a\r\nb\rc"])
    func everyHostileStringSurvivesARealParser(_ text: String) throws {
        let document = "<?xml version=\"1.0\" encoding=\"utf-8\"?><r a=\"\(XML.escape(text))\">\(XML.escape(text))</r>"
        let parsed = try #require(ParsedXML(document))
        let expected = String(String.UnicodeScalarView(text.unicodeScalars.filter { XML.isAllowed($0) }))
        #expect(parsed.root?.text == expected)
        // Attribute values are normalised by the parser: tab, newline and carriage return become spaces,
        // except a carriage return written as a reference.
        let attribute = String(String.UnicodeScalarView(expected.unicodeScalars.map { $0 == "\t" || $0 == "\n" ? " " : $0 }))
        #expect(parsed.root?.attributes["a"] == attribute)
    }

    static func fixture(entries: Int = 2) -> AtomFeed {
        let hostile = HostileStrings.all
        let base = Date(timeIntervalSince1970: 1_795_000_000)
        let items = (0..<entries).map { index in
            AtomFeed.Entry(
                id: AtomFeed.tag("trending/repo/\(index)"), title: "owner/repo\(index) \(hostile[index % hostile.count])",
                link: "https://github.com/owner/repo\(index)", updated: base + Double(index) * 60, published: base - 86_400,
                author: index == 0 ? "\u{0}\u{1B}" : "owner", authorURI: "javascript:alert(1)",
                summary: hostile.joined(separator: " · "), categories: ["Swift", "<cli>", "\u{0}"])
        }
        return AtomFeed(
            id: AtomFeed.tag("feeds/trending.atom?since=day&q=%3C%26"), title: "Starscope: New & popular today matching “<]]>&”",
            subtitle: "Repositories created today, most stars first.", selfURL: "http://localhost/feeds/trending.atom?since=day&q=%3C%26",
            alternateURL: "http://localhost/?since=day&q=%3C%26", entries: items, quiet: base - 3_600)
    }

    @Test func aFeedIsWellFormedAtomWithTheRequiredElements() throws {
        let feed = Self.fixture()
        let parsed = try #require(ParsedXML(feed.document))
        let root = try #require(parsed.root)
        #expect(root.name == "feed")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2005/Atom")
        #expect(root.child("id")?.text == "tag:starscope,2026:feeds/trending.atom?since=day&q=%3C%26")
        #expect(root.child("title")?.text == "Starscope: New & popular today matching “<]]>&”")
        #expect(root.child("updated")?.text == "2026-11-18T11:07:40Z")
        #expect(root.child("author")?.child("name")?.text == "Starscope")
        #expect(root.child("generator")?.text == "Starscope")
        let links = root.children("link")
        #expect(links.first { $0.attributes["rel"] == "self" }?.attributes["href"] == feed.selfURL)
        #expect(links.first { $0.attributes["rel"] == "self" }?.attributes["type"] == "application/atom+xml")
        #expect(links.first { $0.attributes["rel"] == "alternate" }?.attributes["href"] == feed.alternateURL)
        let entries = root.children("entry")
        #expect(entries.count == 2)
        for (index, entry) in entries.enumerated() {
            #expect(entry.child("id")?.text == "tag:starscope,2026:trending/repo/\(index)")
            #expect(entry.child("title")?.text?.hasPrefix("owner/repo\(index) ") == true)
            #expect(entry.child("link")?.attributes["href"] == "https://github.com/owner/repo\(index)")
            #expect(entry.child("link")?.attributes["rel"] == "alternate")
            #expect(entry.child("updated")?.text?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            #expect(entry.child("published")?.text == "2026-11-17T11:06:40Z")
            #expect(entry.child("summary")?.text?.contains("<script>alert('xss')</script>") == true)
            #expect(entry.children("category").map { $0.attributes["term"] } == ["Swift", "<cli>"])
        }
        // An author whose name escaping empties is left out (the feed's author stands), and a
        // `javascript:` URI is not a link.
        #expect(entries[0].child("author") == nil)
        #expect(entries[1].child("author")?.child("name")?.text == "owner")
        #expect(entries[1].child("author")?.child("uri") == nil)
    }

    @Test func anEmptyFeedIsDatedByWhatTheControllerSaysAndStillValid() throws {
        let feed = Self.fixture(entries: 0)
        #expect(feed.updated == Date(timeIntervalSince1970: 1_795_000_000 - 3_600))
        let root = try #require(ParsedXML(feed.document)?.root)
        #expect(root.children("entry").isEmpty)
        #expect(root.child("updated")?.text == "2026-11-18T10:06:40Z")
    }

    @Test func webLinksAreAbsoluteHTTPOnly() {
        #expect(AtomFeed.webLink("https://github.com/o/n") == "https://github.com/o/n")
        #expect(AtomFeed.webLink("HTTP://example.com/") == "HTTP://example.com/")
        for bad in ["javascript:alert(1)", "data:text/html,x", "//github.com/o/n", "/o/n", "https://", "ftp://x/y", "", "https://a b/"] {
            #expect(AtomFeed.webLink(bad) == nil, "\(bad)")
        }
        #expect(AtomFeed.webLink(nil) == nil)
    }

    @Test func entityTagsFollowTheBytesAndIfNoneMatchCompares() {
        let first = AtomFeed.entityTag(of: Array("one".utf8))
        #expect(first == AtomFeed.entityTag(of: Array("one".utf8)))
        #expect(first != AtomFeed.entityTag(of: Array("two".utf8)))
        #expect(first.wholeMatch(of: /"[0-9a-f]{16}-[0-9a-f]+"/) != nil)
        #expect(AtomFeed.ifNoneMatch([first], matches: first))
        #expect(AtomFeed.ifNoneMatch(["\"other\", \(first)"], matches: first))
        #expect(AtomFeed.ifNoneMatch(["\"other\"", "W/\(first)"], matches: first))
        #expect(AtomFeed.ifNoneMatch(["*"], matches: first))
        #expect(!AtomFeed.ifNoneMatch(["\"other\""], matches: first))
        #expect(!AtomFeed.ifNoneMatch([], matches: first))
        #expect(!AtomFeed.ifNoneMatch([String(first.dropFirst().dropLast())], matches: first))
    }

    @Test func httpDatesAreIMFFixdate() {
        #expect(AtomFeed.httpDate(Date(timeIntervalSince1970: 1_795_000_000)) == "Wed, 18 Nov 2026 11:06:40 GMT")
        #expect(AtomFeed.httpDate(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}

/// A document parsed by Foundation's `XMLParser` (libxml2) into a small tree; nil when the
/// parser reports an error, that is when the document is not well-formed.
struct ParsedXML {
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var collected = ""
        var text: String? { collected }

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        func child(_ name: String) -> Element? { children.first { $0.name == name } }
        func children(_ name: String) -> [Element] { children.filter { $0.name == name } }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [Element] = []
        var root: Element?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            let element = Element(name: elementName, attributes: attributeDict)
            stack.last?.children.append(element)
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.collected += string
        }
    }

    let root: Element?

    init?(_ document: String) {
        let parser = XMLParser(data: Data(document.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard XMLParsing.parse(parser), parser.parserError == nil else { return nil }
        root = builder.root
    }
}
