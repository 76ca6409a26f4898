import Foundation
import Hummingbird
import StarscopeCore

/// New & popular's state, carried in its URL: `/?since=week&language=Swift&topic=cli&sort=forks&q=text&page=2`.
struct TrendingList: Hashable, Sendable {
    /// Rows a page shows: few enough that a first visit stays small; GitHub is still asked for 100.
    static let rowsPerPage = 25
    static var lastPage: Int { RowWindow(page: 1, rows: rowsPerPage).lastSearchPage }

    var query: TrendingQuery
    var page: Int

    init(query: TrendingQuery = TrendingQuery(), page: Int = 1) {
        self.query = query
        self.page = page
    }

    init(_ values: QueryValues) throws {
        let since = values["since"] ?? "week"
        guard let timeframe = Timeframe(rawValue: since) else {
            throw HTTPError(.badRequest, message: "“since” must be day, week or month.")
        }
        page = try values.page(
            maximum: Self.lastPage,
            message: "“page” must be a number from 1 to \(Self.lastPage): GitHub's search shows its first 1,000 results.")
        try Self.checkBounds(text: values["q"], language: values["language"])
        if let topic = values["topic"], topic.count > 50 || topic.contains(where: { $0.isWhitespace || $0 == "\"" }) {
            throw HTTPError(.badRequest, message: "That is not a GitHub topic: topics are short words joined by hyphens.")
        }
        guard let sort = SearchSort(rawValue: values["sort"].flatMap { $0.isEmpty ? nil : $0 } ?? "stars") else {
            throw HTTPError(.badRequest, message: "“sort” must be stars, forks, help-wanted-issues or updated.")
        }
        query = TrendingQuery(timeframe: timeframe, language: values["language"], text: values["q"], topic: values["topic"], sort: sort)
    }

    /// The bounds on a list's free text, for pages and for `/live` alike.
    static func checkBounds(text: String?, language: String?) throws {
        if let text, text.count > 200 { throw HTTPError(.badRequest, message: "The search text is too long.") }
        if let language, language.count > 60 { throw HTTPError(.badRequest, message: "That language name is too long.") }
    }

    /// The query string, without the page unless `withPage`; the default list (this week, no
    /// filter, first page) has none, so its address is plain `/`.
    func parameters(withPage: Bool = true) -> QueryBuilder {
        var builder = QueryBuilder()
        if self == TrendingList() { return builder }
        builder.add("since", query.timeframe.rawValue)
        builder.add("language", query.language)
        builder.add("topic", query.topic)
        if query.sort != .stars { builder.add("sort", query.sort.rawValue) }
        builder.add("q", query.text)
        if withPage, page > 1 { builder.add("page", String(page)) }
        return builder
    }

    func with(timeframe: Timeframe) -> TrendingList {
        var copy = self
        copy.query.timeframe = timeframe
        copy.page = 1
        return copy
    }

    func with(page: Int) -> TrendingList {
        var copy = self
        copy.page = page
        return copy
    }
}

/// Rising's state: `/rising?since=week`, or `/rising?view=breaking-out`.
struct RisingList: Hashable, Sendable {
    var timeframe: Timeframe
    /// Repositories of any age far above their usual week, instead of stars gained.
    var breakingOut = false

    init(timeframe: Timeframe = .week, breakingOut: Bool = false) {
        self.timeframe = timeframe
        self.breakingOut = breakingOut
    }

    init(_ values: QueryValues) throws {
        guard let timeframe = Timeframe(rawValue: values["since"] ?? "week") else {
            throw HTTPError(.badRequest, message: "“since” must be day, week or month.")
        }
        switch values["view"] {
        case nil, "gained": breakingOut = false
        case "breaking-out": breakingOut = true
        default: throw HTTPError(.badRequest, message: "“view” must be gained or breaking-out.")
        }
        self.timeframe = timeframe
    }
}

/// The Favourites page's state: `/favorites?tag=cli&q=text&language=Swift&sort=stars&page=2`.
struct FavoritesList: Hashable, Sendable {
    /// Rows a page shows, so a page stays small however many favourites there are.
    static let rowsPerPage = FavoritesQuery.rowsPerPage
    /// The last page that may be asked for (a million favourites).
    static let lastPage = 10_000

    typealias Sort = FavoritesQuery.Sort

    var text = ""
    var language: String?
    var sort = Sort.added
    var tag: String?
    var page = 1

    init(text: String = "", language: String? = nil, sort: Sort = .added, tag: String? = nil, page: Int = 1) {
        self.text = text
        self.language = language
        self.sort = sort
        self.tag = tag
        self.page = page
    }

    init(_ values: QueryValues) throws {
        text = (values["q"] ?? "").trimmingCharacters(in: .whitespaces)
        // Bounded work: at most 200 characters in at most 8 words, whatever the number of favourites.
        guard text.count <= 200, words.count <= 8 else {
            throw HTTPError(.badRequest, message: "Search favourites with at most 8 words and 200 characters.")
        }
        language = values["language"].flatMap { $0.isEmpty ? nil : $0 }
        if let language, language.count > 60 { throw HTTPError(.badRequest, message: "That language name is too long.") }
        guard let sort = Sort(rawValue: values["sort"] ?? "added") else {
            throw HTTPError(.badRequest, message: "“sort” must be added, stars or name.")
        }
        self.sort = sort
        tag = values["tag"].flatMap { $0.isEmpty ? nil : $0 }
        if let tag, tag.count > 60 { throw HTTPError(.badRequest, message: "That tag is too long.") }
        page = try values.page(maximum: Self.lastPage, message: "“page” must be a number from 1 to \(Self.lastPage).")
    }

    /// The search's words, lowercased.
    var words: [Substring] {
        text.lowercased().split(omittingEmptySubsequences: true) { $0 == " " }
    }

    /// Which favourites this list shows, for Core.
    var query: FavoritesQuery {
        FavoritesQuery(words: words, language: language, tag: tag, sort: sort, page: page)
    }

    func parameters() -> QueryBuilder {
        var builder = QueryBuilder()
        builder.add("tag", tag)
        builder.add("q", text)
        builder.add("language", language)
        if sort != .added { builder.add("sort", sort.rawValue) }
        if page > 1 { builder.add("page", String(page)) }
        return builder
    }
}

extension FavoritesQuery.Sort {
    /// The order's name in the sort menu.
    var title: String {
        switch self {
        case .added: "Date added"
        case .stars: "Stars"
        case .name: "Name"
        }
    }
}

/// An account's repositories: `/users/LOGIN?sort=stars&language=Swift&q=text&forks=1&page=2`.
struct AccountList: Hashable, Sendable {
    var login: String
    var forks = false
    var sort = AccountRepositorySort.pushed
    var language: String?
    var text: String?
    var page = 1

    init(
        login: String, forks: Bool = false, sort: AccountRepositorySort = .pushed, language: String? = nil, text: String? = nil,
        page: Int = 1
    ) {
        self.login = login
        self.forks = forks
        self.sort = sort
        self.language = language
        self.text = text
        self.page = page
    }

    init(login: String, _ values: QueryValues) throws {
        guard RepositoryName.isValidLogin(login) else { throw HTTPError(.notFound) }
        self.login = login
        forks = values["forks"] == "1"
        guard let sort = AccountRepositorySort(rawValue: values["sort"].flatMap { $0.isEmpty ? nil : $0 } ?? "pushed") else {
            throw HTTPError(.badRequest, message: "“sort” must be pushed, stars or name.")
        }
        self.sort = sort
        language = values["language"].flatMap { $0.isEmpty ? nil : $0 }
        text = values["q"].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        try TrendingList.checkBounds(text: text, language: language)
        page = try values.page(maximum: 400, message: "“page” must be a page number.")
    }

    /// What the core is asked for.
    var query: AccountRepositoryQuery {
        AccountRepositoryQuery(sort: sort, includeForks: forks, language: language, text: text)
    }

    func parameters(withPage: Bool = true) -> QueryBuilder {
        var builder = QueryBuilder()
        if forks { builder.add("forks", "1") }
        if sort != .pushed { builder.add("sort", sort.rawValue) }
        builder.add("language", language)
        builder.add("q", text)
        if withPage, page > 1 { builder.add("page", String(page)) }
        return builder
    }

    func with(page: Int) -> AccountList {
        var copy = self
        copy.page = page
        return copy
    }
}

/// People: `/users?since=ID&sort=login`.
struct PeopleList: Hashable, Sendable {
    var since: Int64?
    var byLogin = false

    init(since: Int64? = nil, byLogin: Bool = false) {
        self.since = since
        self.byLogin = byLogin
    }

    init(_ values: QueryValues) throws {
        if let text = values["since"] {
            guard let value = Int64(text), value >= 0 else { throw HTTPError(.badRequest, message: "“since” must be an account id.") }
            since = value
        }
        byLogin = values["sort"] == "login"
    }
}
