/// Scripts as served: without the lines that are only a `//` comment, and without indentation.
/// Both are for people reading `Public/`, and cost a browser a good part of the gzipped bytes.
/// Line breaks stay, so automatic semicolon insertion reads the same statements. A script whose
/// lines may be data (a template literal that goes on to the next line, told by an odd number of
/// backquotes on a line; a string continued with `\`) is served as it is.
enum ScriptTrimming {
    static func trimmed(_ source: String) -> String {
        var lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text.isEmpty || text.hasPrefix("//") { continue }
            if text.count(where: { $0 == "`" }) % 2 == 1 || text.hasSuffix("\\") { return source }
            lines.append(text)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
