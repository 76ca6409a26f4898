import Foundation

/// A small Markdown renderer that writes HTML shaped like GitHub's README rendering
/// (`application/vnd.github.html`): headings with `user-content-` anchors, fenced code in
/// `div.highlight`, tables, lists, quotes, images wrapped in links. Raw HTML is kept as it is
/// written, as if GitHub's own filter had let it through: Starscope must not trust it.
///
/// Given the repository (`Site`), Markdown links and images to its files are written as GitHub
/// writes them, site-relative to github.com and resolved from the README's folder:
/// `/OWNER/NAME/blob/BRANCH/PATH` for a link, `/OWNER/NAME/raw/BRANCH/PATH` for an image (in a
/// link to its `blob` page); other images come through `camo.githubusercontent.com`.
enum MarkdownRendering {
    /// The repository a README belongs to, and where in it the README is.
    struct Site {
        var fullName: String
        var branch: String
        /// The README's path, such as `docs/README.md`.
        var path: String

        /// `/OWNER/NAME/KIND/BRANCH/` and the README's folder, then `reference`, as GitHub
        /// writes a relative reference (`./` and `../` resolved, spaces escaped).
        func siteRelative(_ reference: String, kind: String) -> String {
            var folder = path.split(separator: "/").dropLast().map(String.init)
            for part in reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
                switch part {
                case ".": continue
                case "..": _ = folder.popLast()
                default: folder.append(part)
                }
            }
            let file = folder.joined(separator: "/").replacingOccurrences(of: " ", with: "%20")
            return "/\(fullName)/\(kind)/\(branch)/\(file)"
        }
    }

    static func html(_ markdown: String, path: String = "README.md", site: Site? = nil) -> String {
        "<div id=\"readme\" class=\"md\" data-path=\"\(path)\"><article class=\"markdown-body entry-content container-lg\" itemprop=\"text\">"
            + body(markdown, site: site) + "</article></div>"
    }

    /// Whether `url` names a file of the repository (no scheme, not `#…`, `/…` or `//…`).
    static func isRelative(_ url: String) -> Bool {
        !url.isEmpty && !url.hasPrefix("#") && !url.hasPrefix("/") && !url.contains(":")
    }

    /// An external image as GitHub serves it: through its camo proxy, the address in hex after
    /// a digest (here a stand-in digest, since the fake holds no camo key).
    static func camo(_ url: String) -> String {
        let hex = url.utf8.map { String(format: "%02x", $0) }.joined()
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "https://camo.githubusercontent.com/\(String(format: "%016llx", digest))/\(hex)"
    }

    static func body(_ markdown: String, site: Site? = nil) -> String {
        var out = ""
        let lines = markdown.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        var index = 0
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { out += "<p>" + inline(paragraph.joined(separator: "\n"), site: site) + "</p>\n" }
            paragraph = []
        }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                flush()
                index += 1
            } else if trimmed.hasPrefix("```") {
                flush()
                let language = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                var code: [String] = []
                index += 1
                while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    code.append(lines[index])
                    index += 1
                }
                index += 1
                let pre = "<pre>" + escape(code.joined(separator: "\n")) + "</pre>"
                out +=
                    language.isEmpty
                    ? "<div class=\"snippet-clipboard-content notranslate position-relative overflow-auto\">\(pre)</div>\n"
                    : "<div class=\"highlight highlight-source-\(escape(language.lowercased()))\">\(pre)</div>\n"
            } else if let level = headingLevel(trimmed) {
                flush()
                let text = String(trimmed.dropFirst(level)).trimmingCharacters(in: .whitespaces)
                let slug = slugify(text)
                out +=
                    "<div class=\"markdown-heading\"><h\(level) class=\"heading-element\">\(inline(text, site: site))</h\(level)>"
                    + "<a id=\"user-content-\(slug)\" class=\"anchor\" aria-label=\"Permalink: \(escape(text))\" href=\"#\(slug)\">"
                    + "<svg class=\"octicon octicon-link\" viewBox=\"0 0 16 16\" version=\"1.1\" width=\"16\" height=\"16\" aria-hidden=\"true\"><path d=\"m7.775 3.275 1.25-1.25\"></path></svg></a></div>\n"
                index += 1
            } else if trimmed.hasPrefix("|"), index + 1 < lines.count,
                lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix("|---")
            {
                flush()
                out += "<markdown-accessiblity-table><table>\n<thead>\n<tr>\n"
                out += cells(trimmed).map { "<th>\(inline($0, site: site))</th>\n" }.joined() + "</tr>\n</thead>\n<tbody>\n"
                index += 2
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("|") {
                    out += "<tr>\n" + cells(lines[index]).map { "<td>\(inline($0, site: site))</td>\n" }.joined() + "</tr>\n"
                    index += 1
                }
                out += "</tbody>\n</table></markdown-accessiblity-table>\n"
            } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
                flush()
                out += "<ul dir=\"auto\">\n"
                while index < lines.count, lines[index].hasPrefix("- ") || lines[index].hasPrefix("* ") {
                    out += "<li>" + inline(String(lines[index].dropFirst(2)), site: site) + "</li>\n"
                    index += 1
                }
                out += "</ul>\n"
            } else if trimmed.hasPrefix(">") {
                flush()
                var quoted: [String] = []
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).hasPrefix(">") {
                    quoted.append(
                        String(lines[index].trimmingCharacters(in: .whitespaces).dropFirst()).trimmingCharacters(in: .whitespaces))
                    index += 1
                }
                out += "<blockquote>\n<p dir=\"auto\">" + inline(quoted.joined(separator: "\n"), site: site) + "</p>\n</blockquote>\n"
            } else if trimmed.hasPrefix("<") {
                // A raw HTML block, up to the next blank line, as written.
                flush()
                while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
                    out += lines[index] + "\n"
                    index += 1
                }
            } else {
                paragraph.append(trimmed)
                index += 1
            }
        }
        flush()
        return out
    }

    static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    static func cells(_ row: String) -> [String] {
        var text = row.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("|") { text.removeFirst() }
        if text.hasSuffix("|") { text.removeLast() }
        return text.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func slugify(_ text: String) -> String {
        String(text.lowercased().compactMap { $0.isLetter || $0.isNumber ? $0 : ($0 == " " || $0 == "-" ? "-" : nil) })
    }

    /// Inline Markdown: code, images, links, bold, italic, strike-through; tags pass as written.
    /// Inside a link's label (`inLink`), an image is the bare `<img>` (a badge that links
    /// elsewhere), as GitHub renders `[![alt](image)](link)`, never an anchor inside an anchor.
    static func inline(_ text: String, site: Site? = nil, inLink: Bool = false) -> String {
        var out = ""
        var rest = Substring(text)
        while let character = rest.first {
            if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                out += "<code>" + escape(String(rest[rest.index(after: rest.startIndex)..<end])) + "</code>"
                rest = rest[rest.index(after: end)...]
            } else if character == "!", rest.dropFirst().first == "[", let (alt, url, after) = link(rest.dropFirst()) {
                var (href, source, canonical) = (url, url, "")
                if let site, isRelative(url) {
                    (href, source) = (site.siteRelative(url, kind: "blob"), site.siteRelative(url, kind: "raw"))
                } else if site != nil, url.lowercased().hasPrefix("http") {
                    (source, canonical) = (camo(url), " data-canonical-src=\"\(escape(url))\"")
                }
                let image = "<img src=\"\(escape(source))\" alt=\"\(escape(alt))\"\(canonical) style=\"max-width: 100%;\">"
                out += inLink ? image : "<a target=\"_blank\" rel=\"noopener noreferrer\" href=\"\(escape(href))\">" + image + "</a>"
                rest = after
            } else if character == "[", let (label, url, after) = link(rest) {
                let href = site.map { isRelative(url) ? $0.siteRelative(url, kind: "blob") : url } ?? url
                out += "<a href=\"\(escape(href))\" rel=\"nofollow\">\(inline(label, site: site, inLink: true))</a>"
                rest = after
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                out +=
                    "<strong>" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]), site: site) + "</strong>"
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("~~"), let end = rest.dropFirst(2).range(of: "~~") {
                out += "<del>" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]), site: site) + "</del>"
                rest = rest[end.upperBound...]
            } else if character == "*", let end = rest.dropFirst().firstIndex(of: "*") {
                out += "<em>" + inline(String(rest[rest.index(after: rest.startIndex)..<end]), site: site) + "</em>"
                rest = rest[rest.index(after: end)...]
            } else if character == "<", let end = rest.firstIndex(of: ">"),
                rest.dropFirst().first.map({ $0.isLetter || $0 == "/" || $0 == "!" }) == true
            {
                out += String(rest[...end])
                rest = rest[rest.index(after: end)...]
            } else {
                out += escape(String(character))
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// `[label](url)` at the start of `text`: the label, the URL and what follows. Brackets nest,
    /// so a badge's `![alt](image)` can be the label.
    static func link(_ text: Substring) -> (String, String, Substring)? {
        guard text.first == "[" else { return nil }
        var depth = 0
        var closing: Substring.Index?
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "[" { depth += 1 }
            if text[index] == "]" {
                depth -= 1
                if depth == 0 {
                    closing = index
                    break
                }
            }
            index = text.index(after: index)
        }
        guard let close = closing, text[text.index(after: close)...].first == "(",
            let end = text[close...].firstIndex(of: ")")
        else { return nil }
        let label = String(text[text.index(after: text.startIndex)..<close])
        let url = String(text[text.index(close, offsetBy: 2)..<end])
        return (label, url, text[text.index(after: end)...])
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
