import Foundation

@testable import StarscopeWeb

// The README sanitiser: whatever GitHub sends, the output is markup of the allow-list only,
// well-formed (every element closed in order), with every URL http(s), mailto or local.

let sanitizer = HTMLSanitizer(owner: "octo-org", name: "hello-world", branch: "main")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReadme(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let markup = sanitizer.sanitize(html).markup
    if let problem = AllowedMarkup.problem(in: markup) {
        fatalError("unsafe README output: \(problem)\nin: \(markup.prefix(2000).debugDescription)")
    }
    return 0
}

/// An independent reading of the sanitiser's output, in one pass: text holds no markup
/// characters but entities, every tag and attribute is on the allow-list for that tag, values are
/// quoted, URLs are `http(s)`, `mailto` or local, and elements close in order.
enum AllowedMarkup {
    static let tags: Set<String> = [
        "h1", "h2", "h3", "h4", "h5", "h6", "p", "a", "img", "code", "pre", "blockquote", "ul", "ol", "li", "dl", "dt", "dd", "table",
        "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "em", "strong", "b", "i", "u", "s", "del", "ins", "strike", "hr", "br",
        "details", "summary", "sup", "sub", "kbd", "samp", "var", "q", "mark", "small", "abbr", "div", "span",
    ]
    static let voids: Set<String> = ["img", "hr", "br"]
    static let everywhere: Set<String> = ["id", "title", "align", "dir", "class", "aria-label"]
    static let byTag: [String: Set<String>] = [
        "a": ["href", "rel"], "img": ["src", "alt", "width", "height"], "td": ["colspan", "rowspan"], "th": ["colspan", "rowspan"],
        "ol": ["start"], "details": ["open"],
    ]
    static let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]

    static func problem(in markup: String) -> String? {
        let bytes = Array(markup.utf8)
        var stack: [String] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return "a stray <" }
                if let problem = tagProblem(bytes[(index + 1)..<close], stack: &stack) {
                    return problem
                }
                index = close + 1
            case UInt8(ascii: "&"):
                let rest = bytes[index...].prefix(6)
                guard let entity = entities.first(where: { rest.starts(with: $0.utf8) }) else { return "a bare & in text" }
                index += entity.utf8.count
            case UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"):
                return "an unescaped \(Character(UnicodeScalar(bytes[index]))) in text"
            default:
                index += 1
            }
        }
        return stack.isEmpty ? nil : "unclosed \(stack)"
    }

    /// `inside` is what is between `<` and `>`, read as bytes, as a browser reads code points (a
    /// quote followed by a combining mark is one Swift Character, but still a quote).
    static func tagProblem(_ inside: ArraySlice<UInt8>, stack: inout [String]) -> String? {
        let shown = String(decoding: inside, as: UTF8.self)
        func isNameByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        var rest = inside
        let closing = rest.first == UInt8(ascii: "/")
        if closing { rest = rest.dropFirst() }
        let name = String(decoding: rest.prefix(while: isNameByte), as: UTF8.self)
        rest = rest.dropFirst(name.utf8.count)
        guard tags.contains(name) else { return "the tag \(name.debugDescription) in <\(shown)>" }
        if closing {
            guard rest.isEmpty else { return "a closing tag with more: <\(shown)>" }
            guard stack.last == name else { return "</\(name)> closes \(stack.last ?? "nothing")" }
            stack.removeLast()
            return nil
        }
        if !voids.contains(name) { stack.append(name) }
        let allowed = everywhere.union(byTag[name] ?? [])
        while !rest.isEmpty {
            guard rest.first == UInt8(ascii: " ") else { return "no space before an attribute in <\(shown)>" }
            rest = rest.dropFirst()
            let attributeBytes = rest.prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "-") }
            let attribute = String(decoding: attributeBytes, as: UTF8.self)
            rest = rest.dropFirst(attributeBytes.count)
            guard allowed.contains(attribute) else { return "the attribute \(attribute.debugDescription) on <\(name)>" }
            guard rest.first == UInt8(ascii: "=") else { continue }
            rest = rest.dropFirst()
            guard rest.first == UInt8(ascii: "\""), let end = rest.dropFirst().firstIndex(of: UInt8(ascii: "\"")) else {
                return "an unquoted value in <\(shown)>"
            }
            let valueBytes = rest[(rest.startIndex + 1)..<end]
            rest = rest[(end + 1)...]
            if valueBytes.contains(UInt8(ascii: "<")) || valueBytes.contains(UInt8(ascii: "'")) {
                return "an unescaped value in <\(shown)>"
            }
            let value = String(decoding: valueBytes, as: UTF8.self)
            if attribute == "href" || attribute == "src", let problem = urlProblem(unescaped(value)) { return problem }
        }
        return nil
    }

    static func unescaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func urlProblem(_ url: String) -> String? {
        if url.hasPrefix("#") || (url.hasPrefix("/") && !url.hasPrefix("//")) { return nil }
        // What a browser would read: it drops spaces and controls inside a scheme. (`https:g/` is
        // `https://g/` to a browser: the scheme is what matters.)
        let squeezed = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value > 0x20 })).lowercased()
        for scheme in ["http:", "https:", "mailto:"] where squeezed.hasPrefix(scheme) { return nil }
        return "the URL \(url.debugDescription)"
    }
}
