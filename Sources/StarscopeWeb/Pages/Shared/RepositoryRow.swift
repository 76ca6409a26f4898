import Foundation
import StarscopeCore
import StarscopeModels

/// One repository in a list: what the row shows and where it leads.
struct RepositoryRow: Sendable, Hashable {
    /// Stars gained over a span (Rising).
    struct Gain: Sendable, Hashable {
        var stars: Int
        var span: TimeInterval
        /// Counted from GitHub's star history rather than Starscope's own records.
        var fromGitHub = false
    }

    /// The repository, held once: a row is copied whenever a list's model is compared or kept
    /// (`TrendingPage.RenderKey`, `Array`'s `==` copies each row out), and a repository held
    /// inline would retain and release a reference for each of its many fields per copy.
    var repository: Repository { held.repository }
    private let held: Held
    var favorite: Bool
    /// The list the row is in: its detail opens beside it, and a toggle without script returns to it.
    var origin: ListOrigin
    var gain: Gain?
    /// A small star-history line (favourites).
    var trend: StarHistoryChart?
    /// Whether a favourite is starred on GitHub, when Starscope knows.
    var starredOnGitHub: Bool?
    /// A favourite's own tags and note.
    var tags: [String] = []
    var note = ""
    /// When the row is shown: only its ages ("created 3 days ago") depend on it, and rows are
    /// equal whenever they are shown (`TrendingPage.RenderKey` keys a rendered row by the words
    /// its ages say instead).
    var now: Date {
        get { shown.date }
        set { shown.date = newValue }
    }
    private var shown: Moment

    init(_ repository: Repository, favorite: Bool, origin: ListOrigin, gain: Gain? = nil, now: Date = Date()) {
        self.held = Held(repository)
        self.favorite = favorite
        self.origin = origin
        self.gain = gain
        self.shown = Moment(date: now)
    }

    /// The row's `id`, which Back from its detail points at: `repo-OWNER--NAME`. A login never
    /// holds two hyphens in a row, so the first `--` parts them and no two repositories share
    /// an id (`a-b/c` and `a/b-c` would as `repo-a-b-c`).
    static func anchor(_ fullName: String) -> String {
        var id = "repo-"
        for scalar in fullName.unicodeScalars {
            if scalar == "/" { id += "--" } else { id.unicodeScalars.append(scalar) }
        }
        return id
    }

    /// The detail beside the row's list; a name GitHub would not accept (kept from an old import)
    /// goes through `/open`, which explains why it cannot be shown.
    var detailHref: String {
        guard let name = try? RepositoryName(parsing: repository.fullName) else { return SiteURL.open(link: repository.fullName).href }
        return SiteURL.repository(name, from: origin).href
    }
}

extension RepositoryRow {
    /// One repository shared by every copy of its row; rows compare and hash by its value.
    private final class Held: Sendable, Hashable {
        let repository: Repository

        init(_ repository: Repository) { self.repository = repository }

        static func == (lhs: Held, rhs: Held) -> Bool { lhs === rhs || lhs.repository == rhs.repository }

        func hash(into hasher: inout Hasher) { hasher.combine(repository) }
    }
}

extension RepositoryRow {
    /// A moment that does not tell rows apart: equal to any other, hashed as nothing.
    private struct Moment: Sendable, Hashable {
        var date: Date

        static func == (lhs: Moment, rhs: Moment) -> Bool { true }

        func hash(into hasher: inout Hasher) {}
    }
}
