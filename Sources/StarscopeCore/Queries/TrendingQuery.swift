import Foundation

/// What the user asked "New & popular" for; turned into GitHub's search `q`.
public struct TrendingQuery: Hashable, Sendable {
    public var timeframe: Timeframe
    public var language: String?
    public var text: String?
    /// GitHub's `topic:` qualifier: only repositories tagged with this topic.
    public var topic: String?
    /// The order GitHub's search gives (stars unless asked otherwise).
    public var sort: SearchSort

    /// GitHub refuses longer queries.
    public static let maximumQueryLength = 256

    public init(timeframe: Timeframe = .week, language: String? = nil, text: String? = nil, topic: String? = nil, sort: SearchSort = .stars)
    {
        self.timeframe = timeframe
        self.language = language?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        self.text = text?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        self.topic = topic?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
        self.sort = sort
    }

    /// `q` for `GET /search/repositories`: the text terms, then `created:>DATE`, then `language:`
    /// and `topic:`.
    public func searchQuery(now: Date) throws(StarscopeError) -> String {
        var parts: [String] = []
        if let text {
            parts.append(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        parts.append("created:>\(timeframe.cutoffDate(now: now))")
        if let language {
            parts.append("language:" + Self.quoted(language))
        }
        if let topic {
            parts.append("topic:" + Self.quoted(topic))
        }
        let query = parts.joined(separator: " ")
        guard query.count <= Self.maximumQueryLength else {
            throw .invalidInput("The search text is too long: GitHub accepts queries of at most \(Self.maximumQueryLength) characters.")
        }
        return query
    }

    /// No language, text or topic: the whole of GitHub's new repositories for the timeframe,
    /// more than a thousand on GitHub for any of them, so every page a limit needs is there and
    /// can be asked for at once (`RepositoryLists.trending`).
    public var isUnfiltered: Bool {
        language == nil && text == nil && topic == nil
    }

    /// Quotes a qualifier value that holds spaces or quotes (`language:"Jupyter Notebook"`).
    static func quoted(_ value: String) -> String {
        guard value.contains(where: { $0.isWhitespace || $0 == "\"" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "") + "\""
    }
}

/// How many items to ask GitHub for per request, so that `limit` costs the fewest requests:
/// 100 (GitHub's maximum) whenever the caller wants 100 or more.
public func pageSize(forLimit limit: Int) -> Int {
    min(100, max(1, limit))
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
