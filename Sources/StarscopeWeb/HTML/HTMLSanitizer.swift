import Foundation

/// Makes GitHub's rendered README (`application/vnd.github.html`) safe to put in a page.
///
/// The input is untrusted even though GitHub filters it. It is tokenised the way a browser
/// reads HTML, and written out again from an allow-list only: known tags, known attributes per
/// tag, URLs with `http`, `https` or `mailto` (relative ones resolved as GitHub does, see
/// `HTMLSanitizer+Links.swift`),
/// every text and attribute value escaped, every element closed. `script`, `style`, `iframe`,
/// `object`, `embed`, `form`, `template`, `noscript`, `meta`, `link`, `base` and their like are
/// dropped with their content; other unknown tags are dropped and their text kept. What comes out
/// is this type's own markup, so a parse the browser would read differently cannot smuggle a tag.
public struct HTMLSanitizer: Sendable {
    /// Where relative links (without a leading `/`) point: the README's folder,
    /// `https://github.com/OWNER/NAME/blob/BRANCH/FOLDER/`.
    public let linkBase: URL
    /// Where relative images (without a leading `/`) point: the README's folder among the raw
    /// files, `https://raw.githubusercontent.com/OWNER/NAME/BRANCH/FOLDER/`.
    public let imageBase: URL
    /// The hook for images: it gets each image's absolute `http`/`https` URL and returns the `src`
    /// to write (the URL itself, or a proxy's URL), or nil to leave the image out (its `alt` text
    /// stays). The page's Content-Security-Policy still decides what loads.
    public var imageSource: @Sendable (URL) -> String?
    /// Elements nested deeper than this are unwrapped (their text kept).
    public var maximumDepth = 48
    /// Output stops (every element closed) once it is this many bytes long.
    public var maximumLength = 2_000_000

    /// A sanitiser for the README of `owner/name` at `readmePath` (such as `docs/README.md`) on
    /// `branch` (the default branch).
    public init(
        owner: String, name: String, branch: String, readmePath: String = "README.md",
        imageSource: @escaping @Sendable (URL) -> String? = HTMLSanitizer.httpsImages
    ) {
        func part(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? ""
        }
        let path = "\(part(owner))/\(part(name))"
        let folder = Self.folder(of: readmePath)
        linkBase = URL(string: "https://github.com/\(path)/blob/\(part(branch))/\(folder)") ?? URL(fileURLWithPath: "/")
        imageBase = URL(string: "https://raw.githubusercontent.com/\(path)/\(part(branch))/\(folder)") ?? URL(fileURLWithPath: "/")
        self.imageSource = imageSource
    }

    /// The default image policy: HTTPS images as they are, plain HTTP ones left out.
    public static let httpsImages: @Sendable (URL) -> String? = { url in
        url.scheme?.lowercased() == "https" ? url.absoluteString : nil
    }

    static let pathCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;"))

    /// Safe HTML for `html`.
    public func sanitize(_ html: String) -> HTML {
        var writer = Writer(sanitizer: self)
        var tokenizer = Tokenizer(html)
        while let token = tokenizer.next(), writer.output.utf8.count < maximumLength {
            writer.take(token)
        }
        writer.closeAll()
        return HTML(raw: writer.output)
    }

    // MARK: What is allowed

    static let allowedTags: Set<String> = [
        "h1", "h2", "h3", "h4", "h5", "h6", "p", "a", "img", "code", "pre", "blockquote", "ul", "ol", "li", "dl", "dt", "dd",
        "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "em", "strong", "b", "i", "u", "s", "del", "ins", "strike",
        "hr", "br", "details", "summary", "sup", "sub", "kbd", "samp", "var", "q", "mark", "small", "abbr", "div", "span",
    ]
    static let voidTags: Set<String> = ["img", "hr", "br"]
    /// Dropped together with everything inside them.
    static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "object", "embed", "form", "template", "noscript", "meta", "link", "base", "applet", "frame",
        "frameset", "noembed", "noframes", "xmp", "textarea", "title", "select", "input", "param", "source", "track", "keygen",
        "plaintext",
    ]
    /// Tags that never have content (or whose content the tokenizer already consumed).
    static let emptyDropped: Set<String> = ["meta", "link", "base", "embed", "input", "param", "source", "track", "keygen", "frame"]
    static let globalAttributes: Set<String> = ["id", "title", "align", "dir", "class", "aria-label"]
    static let tagAttributes: [String: Set<String>] = [
        "a": ["href"], "img": ["src", "alt", "width", "height"], "td": ["colspan", "rowspan"], "th": ["colspan", "rowspan"],
        "ol": ["start"], "details": ["open"],
    ]
    /// GitHub's classes worth keeping (headings and code highlighting); every other class goes.
    static func isAllowedClass(_ name: String) -> Bool {
        guard name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "+" }) else {
            return false
        }
        return ["markdown-heading", "heading-element", "anchor", "highlight"].contains(name) || name.hasPrefix("highlight-source-")
            || name.hasPrefix("language-")
    }

    // MARK: Attributes and URLs

    /// The allowed attributes of `tag`, with values checked and URLs resolved, in a stable order.
    func attributes(of tag: String, _ attributes: [(name: String, value: String)]) -> [(name: String, value: String)] {
        let allowed = Self.tagAttributes[tag] ?? []
        var kept: [(name: String, value: String)] = []
        for (name, value) in attributes where Self.globalAttributes.contains(name) || allowed.contains(name) {
            if let value = checked(name, value, tag: tag) { kept.append((name, value)) }
        }
        if tag == "a", let href = kept.first(where: { $0.name == "href" })?.value, href.hasPrefix("http") {
            kept.append(("rel", "nofollow noopener noreferrer"))
        }
        return kept
    }

    func checked(_ name: String, _ value: String, tag: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        switch name {
        case "href": return link(trimmed)
        case "src": return nil  // images are resolved by `image(_:)`
        case "id":
            guard (1...100).contains(trimmed.count), trimmed.unicodeScalars.allSatisfy(Self.isNameCharacter) else { return nil }
            return trimmed.hasPrefix("user-content-") ? trimmed : "user-content-" + trimmed
        case "class":
            let classes = trimmed.split(whereSeparator: \.isWhitespace).map(String.init).filter(Self.isAllowedClass)
            return classes.isEmpty ? nil : classes.joined(separator: " ")
        case "align":
            let lower = trimmed.lowercased()
            return ["left", "right", "center", "justify", "top", "middle", "bottom"].contains(lower) ? lower : nil
        case "dir":
            let lower = trimmed.lowercased()
            return ["ltr", "rtl", "auto"].contains(lower) ? lower : nil
        case "width", "height":
            let digits = trimmed.hasSuffix("%") ? String(trimmed.dropLast()) : trimmed
            return (1...5).contains(digits.count) && digits.allSatisfy(\.isASCII) && Int(digits) != nil ? trimmed : nil
        case "colspan", "rowspan", "start":
            return Int(trimmed).map { String(min(max($0, 0), 1_000)) }
        case "open":
            return ""
        default:
            // title, alt, aria-label: plain text, escaped when written.
            return String(value.prefix(1_000))
        }
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-_.:".unicodeScalars.contains(scalar)
    }

    /// A link's target: `http`, `https` or `mailto`, a fragment of the README (`#user-content-…`),
    /// or a path resolved as GitHub does (`resolveLink(_:)`); nil for anything else.
    func link(_ value: String) -> String? {
        let cleaned = Self.withoutControls(value)
        guard !cleaned.isEmpty, cleaned.count <= 2_048 else { return nil }
        if cleaned.hasPrefix("#") {
            let fragment = String(cleaned.dropFirst())
            guard !fragment.isEmpty, fragment.unicodeScalars.allSatisfy({ Self.isNameCharacter($0) || $0 == "%" }) else { return nil }
            return fragment.hasPrefix("user-content-") ? "#" + fragment : "#user-content-" + fragment
        }
        if let scheme = Self.scheme(of: cleaned) {
            guard ["http", "https", "mailto"].contains(scheme), let url = URL(string: cleaned) else { return nil }
            return url.absoluteString
        }
        return resolveLink(cleaned)?.absoluteString
    }

    /// An image's `src`: an absolute `http`/`https` URL (relative ones resolved as GitHub does,
    /// `resolveImage(_:)`; a file on github.com as its raw file), passed through `imageSource`;
    /// nil leaves the image out.
    func image(_ value: String) -> String? {
        let cleaned = Self.withoutControls(value)
        guard !cleaned.isEmpty, cleaned.count <= 2_048, !cleaned.hasPrefix("#") else { return nil }
        let url: URL?
        if let scheme = Self.scheme(of: cleaned) {
            url = ["http", "https"].contains(scheme) ? URL(string: cleaned).map(Self.rawFile) : nil
        } else {
            url = resolveImage(cleaned)
        }
        guard let url, let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else { return nil }
        guard let source = imageSource(url), Self.scheme(of: source).map({ ["http", "https"].contains($0) }) ?? source.hasPrefix("/")
        else { return nil }
        return source
    }

    /// A URL as a browser reads it: no leading or trailing spaces and controls, and no tab or
    /// newline anywhere (so `java\tscript:` is `javascript:`).
    static func withoutControls(_ value: String) -> String {
        let scalars = value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        var text = String(String.UnicodeScalarView(scalars))
        while let first = text.unicodeScalars.first, first.value <= 0x20 { text.removeFirst() }
        while let last = text.unicodeScalars.last, last.value <= 0x20 { text.removeLast() }
        return text
    }

    /// The lower-cased scheme of `url`: whatever comes before a colon that no `/`, `?` or `#`
    /// precedes (stricter than a browser, so that no scheme passes unseen); nil for a relative URL.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let candidate = url[..<colon]
        guard !candidate.contains(where: { "/?#".contains($0) }) else { return nil }
        return candidate.lowercased()
    }
}
