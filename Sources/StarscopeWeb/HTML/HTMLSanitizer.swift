import Foundation

/// Makes GitHub's rendered README (`application/vnd.github.html`) safe to put in a page.
///
/// The input is untrusted even though GitHub filters it. It is tokenised the way a browser
/// reads HTML, and written out again from an allow-list only: known tags, known attributes per
/// tag, URLs with `http`, `https` or `mailto` (relative ones resolved against the repository),
/// every text and attribute value escaped, every element closed. `script`, `style`, `iframe`,
/// `object`, `embed`, `form`, `template`, `noscript`, `meta`, `link`, `base` and their like are
/// dropped with their content; other unknown tags are dropped and their text kept. What comes out
/// is this type's own markup, so a parse the browser would read differently cannot smuggle a tag.
public struct HTMLSanitizer: Sendable {
    /// Where relative links point: `https://github.com/OWNER/NAME/blob/BRANCH/`.
    public let linkBase: URL
    /// Where relative images point: `https://raw.githubusercontent.com/OWNER/NAME/BRANCH/`.
    public let imageBase: URL
    /// The hook for images: it gets each image's absolute `http`/`https` URL and returns the `src`
    /// to write (the URL itself, or a proxy's URL), or nil to leave the image out (its `alt` text
    /// stays). The page's Content-Security-Policy still decides what loads.
    public var imageSource: @Sendable (URL) -> String?
    /// Elements nested deeper than this are unwrapped (their text kept).
    public var maximumDepth = 48
    /// Output stops (every element closed) once it is this many bytes long.
    public var maximumLength = 2_000_000

    /// A sanitiser for the README of `owner/name` on `branch` (the default branch).
    public init(owner: String, name: String, branch: String, imageSource: @escaping @Sendable (URL) -> String? = HTMLSanitizer.httpsImages)
    {
        func part(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? ""
        }
        let path = "\(part(owner))/\(part(name))"
        linkBase = URL(string: "https://github.com/\(path)/blob/\(part(branch))/") ?? URL(fileURLWithPath: "/")
        imageBase = URL(string: "https://raw.githubusercontent.com/\(path)/\(part(branch))/") ?? URL(fileURLWithPath: "/")
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
    /// or a path resolved against the repository's files on GitHub; nil for anything else.
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
        return resolve(cleaned, against: linkBase)?.absoluteString
    }

    /// An image's `src`: an absolute `http`/`https` URL (relative ones from the repository's raw
    /// files), passed through `imageSource`; nil leaves the image out.
    func image(_ value: String) -> String? {
        let cleaned = Self.withoutControls(value)
        guard !cleaned.isEmpty, cleaned.count <= 2_048, !cleaned.hasPrefix("#") else { return nil }
        let url: URL?
        if let scheme = Self.scheme(of: cleaned) {
            url = ["http", "https"].contains(scheme) ? URL(string: cleaned) : nil
        } else {
            url = resolve(cleaned, against: imageBase)
        }
        guard let url, let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else { return nil }
        guard let source = imageSource(url), Self.scheme(of: source).map({ ["http", "https"].contains($0) }) ?? source.hasPrefix("/")
        else { return nil }
        return source
    }

    /// A relative reference against `base`: `/x` from the repository's root, `//host/x` as HTTPS.
    func resolve(_ reference: String, against base: URL) -> URL? {
        if reference.hasPrefix("//") { return URL(string: "https:" + reference) }
        let relative = reference.hasPrefix("/") ? String(reference.drop { $0 == "/" }) : reference
        let encoded = relative.addingPercentEncoding(withAllowedCharacters: Self.referenceCharacters) ?? relative
        guard let url = URL(string: encoded, relativeTo: base)?.absoluteURL, url.scheme == "https", url.host == base.host else {
            return nil
        }
        return url
    }

    static let referenceCharacters = CharacterSet.urlPathAllowed.union(CharacterSet(charactersIn: "?#=&%"))

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

    // MARK: Writing

    /// Writes the allowed tokens, keeps the stack of open elements and closes what it opened.
    struct Writer {
        let sanitizer: HTMLSanitizer
        var output = ""
        var open: [String] = []
        /// Inside an element dropped with its content: its name and how deep.
        var skipping: (name: String, depth: Int)?

        init(sanitizer: HTMLSanitizer) {
            self.sanitizer = sanitizer
        }

        mutating func take(_ token: Token) {
            if let skip = skipping {
                switch token {
                case .start(let name, _, _) where name == skip.name: skipping?.depth += 1
                case .end(let name) where name == skip.name: skipping = skip.depth > 1 ? (name, skip.depth - 1) : nil
                default: break
                }
                return
            }
            switch token {
            case .text(let text):
                output += HTML.escape(text)
            case .start(let name, let attributes, _):
                start(name, attributes)
            case .end(let name):
                guard !HTMLSanitizer.voidTags.contains(name), let index = open.lastIndex(of: name) else { return }
                while open.count > index { output += "</\(open.removeLast())>" }
            }
        }

        mutating func start(_ name: String, _ attributes: [(name: String, value: String)]) {
            if HTMLSanitizer.droppedWithContent.contains(name) {
                if !HTMLSanitizer.emptyDropped.contains(name) { skipping = (name, 1) }
                return
            }
            guard HTMLSanitizer.allowedTags.contains(name), open.count < sanitizer.maximumDepth else { return }
            var kept = sanitizer.attributes(of: name, attributes)
            if name == "img" {
                guard let source = attributes.first(where: { $0.name == "src" }).flatMap({ sanitizer.image($0.value) }) else {
                    // No image that may load: its description stays, as text.
                    output += HTML.escape(attributes.first { $0.name == "alt" }?.value ?? "")
                    return
                }
                kept.insert(("src", source), at: 0)
                // An image the README does not describe is left out of what screen readers say,
                // rather than read out as its address.
                if !kept.contains(where: { $0.name == "alt" }) { kept.append(("alt", "")) }
            }
            output += "<" + name
            for (attribute, value) in kept {
                output += attribute == "open" ? " open" : " \(attribute)=\"\(HTML.escape(value))\""
            }
            output += ">"
            if !HTMLSanitizer.voidTags.contains(name) { open.append(name) }
        }

        mutating func closeAll() {
            while let name = open.popLast() { output += "</\(name)>" }
        }
    }

    // MARK: Reading

    enum Token {
        case text(String)
        case start(String, [(name: String, value: String)], selfClosing: Bool)
        case end(String)
    }

    /// Splits HTML into text and tags as the HTML5 tokeniser does, in the parts that matter here:
    /// tags and attributes (quoted or not), comments and bogus comments, the raw text of
    /// `script`, `style` and their like (read to their end tag and dropped), and character
    /// references (decoded, so that URLs are checked as the browser would read them).
    struct Tokenizer {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Set after the start tag of an element whose content is raw text.
        var rawTextOf: String?

        static let rawTextElements: Set<String> = [
            "script", "style", "iframe", "noscript", "xmp", "noembed", "noframes", "textarea", "title", "plaintext",
        ]

        init(_ html: String) {
            scalars = Array(html.unicodeScalars)
        }

        mutating func next() -> Token? {
            if let raw = rawTextOf {
                rawTextOf = nil
                skipRawText(until: raw)
            }
            guard index < scalars.count else { return nil }
            if scalars[index] == "<", let token = markup() { return token }
            guard index < scalars.count else { return nil }
            // Text up to the next `<` (a `<` that starts no markup is text too).
            let start = index
            index += 1
            while index < scalars.count, scalars[index] != "<" { index += 1 }
            return .text(Self.decode(scalars[start..<index]))
        }

        /// The markup at `<`, consuming it; nil (consuming nothing) when the `<` is text.
        mutating func markup() -> Token? {
            let next = peek(1)
            if let next, Self.isLetter(next) {
                index += 1
                let name = readName()
                let (attributes, selfClosing, complete) = readAttributes()
                guard complete else { return nil }
                if Self.rawTextElements.contains(name) { rawTextOf = name }
                return .start(name, attributes, selfClosing: selfClosing)
            }
            if next == "/" {
                if let after = peek(2), Self.isLetter(after) {
                    index += 2
                    let name = readName()
                    _ = readAttributes()
                    return .end(name)
                }
                if peek(2) == ">" {
                    index += 3
                    return .text("")
                }
                index += 2
                skipPast(">")
                return .text("")
            }
            if next == "!" {
                if peek(2) == "-", peek(3) == "-" {
                    index += 4
                    // `<!-->` and `<!--->` end at once.
                    if peek(0) == ">" { index += 1 } else if peek(0) == "-", peek(1) == ">" { index += 2 } else { skipPast("-->") }
                    return .text("")
                }
                index += 2
                skipPast(">")
                return .text("")
            }
            if next == "?" {
                index += 2
                skipPast(">")
                return .text("")
            }
            return nil
        }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }

        /// A tag name, lower-cased, up to a space, `/` or `>`.
        mutating func readName() -> String {
            let start = index
            while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">" { index += 1 }
            return String(String.UnicodeScalarView(scalars[start..<index])).lowercased()
        }

        /// Attributes up to `>`; `complete` is false when the input ends inside the tag (the
        /// browser drops such a tag, and so does this).
        mutating func readAttributes() -> (attributes: [(name: String, value: String)], selfClosing: Bool, complete: Bool) {
            var attributes: [(name: String, value: String)] = []
            // Names seen so far: a set, so a tag with 60,000 attributes is read in linear time.
            var names = Set<String>()
            var selfClosing = false
            while index < scalars.count {
                let scalar = scalars[index]
                if Self.isSpace(scalar) {
                    index += 1
                    continue
                }
                if scalar == "/" {
                    selfClosing = true
                    index += 1
                    continue
                }
                if scalar == ">" {
                    index += 1
                    return (attributes, selfClosing, true)
                }
                selfClosing = false
                let nameStart = index
                index += 1  // the first character may be anything, even `=`
                while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">",
                    scalars[index] != "="
                {
                    index += 1
                }
                let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
                while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
                    if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                        let quote = scalars[index]
                        index += 1
                        let start = index
                        while index < scalars.count, scalars[index] != quote { index += 1 }
                        guard index < scalars.count else { return (attributes, false, false) }
                        value = Self.decode(scalars[start..<index])
                        index += 1
                    } else {
                        let start = index
                        while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != ">" { index += 1 }
                        value = Self.decode(scalars[start..<index])
                    }
                }
                // The first of two attributes with one name wins, as in browsers.
                if names.insert(name).inserted { attributes.append((name, value)) }
            }
            return (attributes, false, false)
        }

        mutating func skipPast(_ terminator: String) {
            let end = Array(terminator.unicodeScalars)
            while index < scalars.count {
                if scalars[index] == end[0], index + end.count <= scalars.count, Array(scalars[index..<(index + end.count)]) == end {
                    index += end.count
                    return
                }
                index += 1
            }
        }

        /// Skips raw text up to (not past) `</name` followed by a space, `/` or `>`; `plaintext` to the end.
        mutating func skipRawText(until name: String) {
            guard name != "plaintext" else {
                index = scalars.count
                return
            }
            let target = Array(name.unicodeScalars)
            while index < scalars.count {
                if scalars[index] == "<", peek(1) == "/", index + 2 + target.count <= scalars.count {
                    let candidate = String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 2 + target.count)])).lowercased()
                    let after = peek(2 + target.count)
                    if candidate == name, after.map({ Self.isSpace($0) || $0 == "/" || $0 == ">" }) ?? true { return }
                }
                index += 1
            }
        }

        // MARK: Character references

        static let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®", "trade": "™",
            "mdash": "—", "ndash": "–", "hellip": "…", "laquo": "«", "raquo": "»", "middot": "·", "times": "×", "larr": "←",
            "rarr": "→", "uarr": "↑", "darr": "↓", "check": "✓", "bull": "•", "deg": "°", "colon": ":", "tab": "\t", "newline": "\n",
            "lpar": "(", "rpar": ")", "sol": "/", "num": "#", "excl": "!", "quest": "?", "equals": "=", "plus": "+", "comma": ",",
            "period": ".", "semi": ";", "lsqb": "[", "rsqb": "]", "lbrace": "{", "rbrace": "}", "grave": "`", "hyphen": "‐",
        ]

        /// Text with its character references replaced by the characters they stand for
        /// (numeric ones, with or without `;`, and the common named ones).
        static func decode(_ slice: ArraySlice<Unicode.Scalar>) -> String {
            guard slice.contains("&") else { return String(String.UnicodeScalarView(slice)) }
            var result = String.UnicodeScalarView()
            var index = slice.startIndex
            while index < slice.endIndex {
                let scalar = slice[index]
                guard scalar == "&" else {
                    result.append(scalar)
                    index += 1
                    continue
                }
                var cursor = index + 1
                if cursor < slice.endIndex, slice[cursor] == "#" {
                    cursor += 1
                    let hex = cursor < slice.endIndex && (slice[cursor] == "x" || slice[cursor] == "X")
                    if hex { cursor += 1 }
                    let digitsStart = cursor
                    while cursor < slice.endIndex, hex ? slice[cursor].properties.isASCIIHexDigit : ("0"..."9").contains(slice[cursor]) {
                        cursor += 1
                    }
                    if cursor > digitsStart {
                        let digits = String(String.UnicodeScalarView(slice[digitsStart..<cursor]))
                        let value = UInt32(digits.suffix(8), radix: hex ? 16 : 10) ?? 0xFFFD
                        let decoded = value == 0 || value > 0x10FFFF ? nil : Unicode.Scalar(value)
                        result.append(decoded ?? "\u{FFFD}")
                        if cursor < slice.endIndex, slice[cursor] == ";" { cursor += 1 }
                        index = cursor
                        continue
                    }
                } else {
                    while cursor < slice.endIndex, cursor - index <= 10, isLetter(slice[cursor]) || ("0"..."9").contains(slice[cursor]) {
                        cursor += 1
                    }
                    let name = String(String.UnicodeScalarView(slice[(index + 1)..<cursor]))
                    if let value = named[name], cursor < slice.endIndex, slice[cursor] == ";" {
                        result.append(contentsOf: value.unicodeScalars)
                        index = cursor + 1
                        continue
                    }
                }
                result.append("&")
                index += 1
            }
            return String(result)
        }
    }
}
