import Foundation
import StarscopeModels

/// GitHub's `Link` header (RFC 8288), parsed into its relations.
///
/// `first` on `GET /users` is a URI template (`<https://api.github.com/users{?since}>`),
/// so each target is either a URL or a template.
public struct LinkHeader: Hashable, Sendable {
    public enum Target: Hashable, Sendable {
        case url(URL)
        case template(String)

        public var url: URL? {
            if case .url(let url) = self { return url }
            return nil
        }
    }

    public private(set) var relations: [String: Target] = [:]

    public init(_ header: String) {
        for part in Self.splitLinks(header) {
            guard let open = part.firstIndex(of: "<"), let close = part[open...].firstIndex(of: ">") else { continue }
            let reference = String(Self.trimmed(part[part.index(after: open)..<close]))
            let target: Target
            // A byte test: `contains("{")` on a String goes through Foundation's search, which
            // copies the text to UTF-16 on Linux, and every page of every answer is read here.
            if reference.utf8.contains(UInt8(ascii: "{")) {
                target = .template(reference)
            } else if let url = URL(string: reference) {
                target = .url(url)
            } else {
                continue
            }
            for parameter in part[part.index(after: close)...].split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { Self.trimmed($0) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { continue }
                let names = Self.trimmed(pair[1], also: "\"")
                // Split on the space itself, not on Characters: a space after a prepended mark
                // (U+0600…U+0605) belongs to that mark's Character, and would stay in the name.
                let split = names.unicodeScalars.split(separator: " ").map { String(Substring($0)).lowercased() }
                for name in split where relations[name] == nil {
                    relations[name] = target
                }
            }
        }
    }

    public var next: URL? { relations["next"]?.url }
    public var prev: URL? { relations["prev"]?.url }
    public var last: URL? { relations["last"]?.url }
    public var first: Target? { relations["first"] }

    /// The page number of `last`, when GitHub pages by `page`.
    public var lastPage: Int? {
        guard let last, let items = URLComponents(url: last, resolvingAgainstBaseURL: false)?.queryItems else { return nil }
        return items.first { $0.name == "page" }?.value.flatMap { Count.parse($0) }
    }

    /// `text` without the spaces and tabs around it (HTTP's optional whitespace), and without
    /// `also` there too; in Swift, not through Foundation, since every page's header is read.
    static func trimmed(_ text: Substring, also extra: Character? = nil) -> Substring {
        let trim: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == extra }
        guard let first = text.firstIndex(where: { !trim($0) }), let last = text.lastIndex(where: { !trim($0) }) else { return "" }
        return text[first...last]
    }

    /// Splits on commas that separate links, not commas inside `<…>` or quoted values.
    static func splitLinks(_ header: String) -> [Substring] {
        var parts: [Substring] = []
        var start = header.startIndex
        var inAngle = false
        var inQuote = false
        var index = header.startIndex
        while index < header.endIndex {
            let character = header[index]
            switch character {
            case "<" where !inQuote: inAngle = true
            case ">" where !inQuote: inAngle = false
            case "\"" where !inAngle: inQuote.toggle()
            case "," where !inAngle && !inQuote:
                parts.append(header[start..<index])
                start = header.index(after: index)
            default: break
            }
            index = header.index(after: index)
        }
        parts.append(header[start...])
        return parts.filter { !trimmed($0).isEmpty }
    }
}

extension LinkHeader.Target {
    /// Expands a simple `{?name}` form-style template (the only kind GitHub sends) with `values`.
    public func expanded(_ values: [String: String]) -> URL? {
        switch self {
        case .url(let url):
            return url
        case .template(let template):
            guard let open = template.firstIndex(of: "{"), let close = template.firstIndex(of: "}"), open < close else {
                return URL(string: template)
            }
            let expression = template[template.index(after: open)..<close]
            let names = expression.dropFirst(expression.first == "?" ? 1 : 0).split(separator: ",").map(String.init)
            let pairs = names.compactMap { name in values[name].map { QueryItem(name, $0) } }
            let query = QueryItem.encode(pairs)
            let prefix = String(template[..<open])
            let suffix = String(template[template.index(after: close)...])
            return URL(string: prefix + (query.isEmpty ? "" : "?" + query) + suffix)
        }
    }
}
