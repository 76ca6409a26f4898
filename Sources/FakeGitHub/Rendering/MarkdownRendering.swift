import Foundation

/// A small Markdown renderer that writes HTML shaped like GitHub's README rendering
/// (`application/vnd.github.html`): headings with `user-content-` anchors, fenced code in
/// `div.highlight`, tables, lists, quotes, images wrapped in links. Raw HTML is kept as it is
/// written, as if GitHub's own filter had let it through: Starscope must not trust it.
enum MarkdownRendering {
    static func html(_ markdown: String, path: String = "README.md") -> String {
        "<div id=\"readme\" class=\"md\" data-path=\"\(path)\"><article class=\"markdown-body entry-content container-lg\" itemprop=\"text\">"
            + body(markdown) + "</article></div>"
    }

    static func body(_ markdown: String) -> String {
        var out = ""
        let lines = markdown.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        var index = 0
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { out += "<p>" + inline(paragraph.joined(separator: "\n")) + "</p>\n" }
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
                    "<div class=\"markdown-heading\"><h\(level) class=\"heading-element\">\(inline(text))</h\(level)>"
                    + "<a id=\"user-content-\(slug)\" class=\"anchor\" aria-label=\"Permalink: \(escape(text))\" href=\"#\(slug)\">"
                    + "<svg class=\"octicon octicon-link\" viewBox=\"0 0 16 16\" version=\"1.1\" width=\"16\" height=\"16\" aria-hidden=\"true\"><path d=\"m7.775 3.275 1.25-1.25\"></path></svg></a></div>\n"
                index += 1
            } else if trimmed.hasPrefix("|"), index + 1 < lines.count,
                lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix("|---")
            {
                flush()
                out += "<markdown-accessiblity-table><table>\n<thead>\n<tr>\n"
                out += cells(trimmed).map { "<th>\(inline($0))</th>\n" }.joined() + "</tr>\n</thead>\n<tbody>\n"
                index += 2
                while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("|") {
                    out += "<tr>\n" + cells(lines[index]).map { "<td>\(inline($0))</td>\n" }.joined() + "</tr>\n"
                    index += 1
                }
                out += "</tbody>\n</table></markdown-accessiblity-table>\n"
            } else if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
                flush()
                out += "<ul dir=\"auto\">\n"
                while index < lines.count, lines[index].hasPrefix("- ") || lines[index].hasPrefix("* ") {
                    out += "<li>" + inline(String(lines[index].dropFirst(2))) + "</li>\n"
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
                out += "<blockquote>\n<p dir=\"auto\">" + inline(quoted.joined(separator: "\n")) + "</p>\n</blockquote>\n"
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
    static func inline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let character = rest.first {
            if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                out += "<code>" + escape(String(rest[rest.index(after: rest.startIndex)..<end])) + "</code>"
                rest = rest[rest.index(after: end)...]
            } else if character == "!", rest.dropFirst().first == "[", let (alt, url, after) = link(rest.dropFirst()) {
                out +=
                    "<a target=\"_blank\" rel=\"noopener noreferrer\" href=\"\(escape(url))\">"
                    + "<img src=\"\(escape(url))\" alt=\"\(escape(alt))\" style=\"max-width: 100%;\"></a>"
                rest = after
            } else if character == "[", let (label, url, after) = link(rest) {
                out += "<a href=\"\(escape(url))\" rel=\"nofollow\">\(inline(label))</a>"
                rest = after
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                out += "<strong>" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "</strong>"
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("~~"), let end = rest.dropFirst(2).range(of: "~~") {
                out += "<del>" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "</del>"
                rest = rest[end.upperBound...]
            } else if character == "*", let end = rest.dropFirst().firstIndex(of: "*") {
                out += "<em>" + inline(String(rest[rest.index(after: rest.startIndex)..<end])) + "</em>"
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

    /// `[label](url)` at the start of `text`: the label, the URL and what follows.
    static func link(_ text: Substring) -> (String, String, Substring)? {
        guard text.first == "[", let close = text.firstIndex(of: "]"), text[text.index(after: close)...].first == "(",
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
