/// A search of all of GitHub: the text as typed (terms and GitHub's qualifiers, such as
/// `language:swift stars:>100 user:apple topic:cli`), and whether it looks for repositories or
/// for people.
public struct GitHubSearch: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case repositories, users
    }

    /// The text, trimmed, with runs of white space folded to one space.
    public var text: String
    public var kind: Kind

    public init(text: String, kind: Kind = .repositories) {
        self.text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        self.kind = kind
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
