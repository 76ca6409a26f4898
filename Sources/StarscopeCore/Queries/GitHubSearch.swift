/// A search of all of GitHub: the text as typed (terms and GitHub's qualifiers, such as
/// `language:swift stars:>100 user:apple topic:cli`), and whether it looks for repositories or
/// for people.
public struct GitHubSearch: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case repositories, users
    }

    /// How GitHub orders repositories found, as github.com's search offers; nil is best match.
    public enum Sort: String, CaseIterable, Hashable, Sendable {
        case stars, forks, updated

        public var title: String {
            switch self {
            case .stars: "Stars"
            case .forks: "Forks"
            case .updated: "Updated"
            }
        }
    }

    /// The text, trimmed, with runs of white space folded to one space.
    public var text: String
    public var kind: Kind
    public var sort: Sort?

    public init(text: String, kind: Kind = .repositories, sort: Sort? = nil) {
        self.text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        self.kind = kind
        self.sort = kind == .repositories ? sort : nil
    }

    /// The words of the text, a quoted phrase as one: `language:swift "two words" cli`.
    public var terms: [String] {
        var terms: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == " " && !quoted {
                if !current.isEmpty { terms.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { terms.append(current) }
        return terms
    }

    /// The qualifiers of the text (`language:swift`, `stars:>100`), each once, in order.
    public var qualifiers: [String] {
        var seen = Set<String>()
        return terms.filter { term in
            guard let colon = term.firstIndex(of: ":"), colon != term.startIndex, !term.hasPrefix("\"") else { return false }
            return seen.insert(term.lowercased()).inserted
        }
    }

    /// This search without `qualifier` (every copy of it, any case).
    public func removing(_ qualifier: String) -> GitHubSearch {
        let kept = terms.filter { $0.lowercased() != qualifier.lowercased() }
        return GitHubSearch(text: kept.joined(separator: " "), kind: kind, sort: sort)
    }

    /// This search narrowed to one language: any `language:` qualifier is replaced.
    public func inLanguage(_ language: String) -> GitHubSearch {
        let kept = terms.filter { !$0.lowercased().hasPrefix("language:") }
        let name = language.contains(" ") ? "\"\(language)\"" : language
        return GitHubSearch(text: (kept + ["language:" + name]).joined(separator: " "), kind: kind, sort: sort)
    }

    /// GitHub's `q`, or a clear sentence why there is none: empty, or longer than GitHub takes.
    public func searchQuery() throws(StarscopeError) -> String {
        guard !text.isEmpty else { throw .invalidInput("Type something to search for.") }
        guard text.count <= TrendingQuery.maximumQueryLength else {
            throw .invalidInput(
                "The search is too long: GitHub accepts at most \(TrendingQuery.maximumQueryLength) characters.")
        }
        return text
    }

    /// The sentence for a search GitHub refused (422): a qualifier it could not read, or a page
    /// past the first 1,000 results.
    static func refused(_ message: String) -> StarscopeError {
        if message.lowercased().contains("1000") {
            return .invalidInput("GitHub shows only the first 1,000 results of a search: narrow it down.")
        }
        return .invalidInput(
            "GitHub could not read that search: check its qualifiers (for example language:swift, stars:>100, user:octocat, topic:cli).")
    }
}
