import Foundation
import StarscopeCore
import StarscopeModels

/// One repository in a list: what the row shows and where it leads.
struct RepositoryRow: Sendable {
    /// Stars gained over a span (Rising).
    struct Gain: Sendable, Hashable {
        var stars: Int
        var span: TimeInterval
        /// Counted from GitHub's star history rather than Starscope's own records.
        var fromGitHub = false
    }

    let repository: Repository
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
    /// When the row is shown: its ages ("created 3 days ago") are counted to it.
    var now: Date

    init(_ repository: Repository, favorite: Bool, origin: ListOrigin, gain: Gain? = nil, now: Date = Date()) {
        self.repository = repository
        self.favorite = favorite
        self.origin = origin
        self.gain = gain
        self.now = now
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
