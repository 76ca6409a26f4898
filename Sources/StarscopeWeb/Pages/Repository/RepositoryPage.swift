import Foundation
import HTTPTypes
import StarscopeCore
import StarscopeModels
import StarscopeStore

/// A repository's detail, opened from a list.
struct RepositoryPage: Hashable, Sendable {
    enum Content: Hashable, Sendable {
        case found(Repository, favorite: Bool)
        case notFound(String)
        case failed(Failure)
    }

    var name: RepositoryName
    var origin: ListOrigin
    var content: Content
    var now: Date
    /// Requests carry a token, so it can be starred on GitHub from here.
    var canStar = false
    /// What "Star on GitHub" just did (its form redirected here), in one sentence.
    struct StarOutcome: Codable, Sendable, Hashable {
        var starred: Bool
        var stars: Int?
        var message: String
        var failed = false
    }

    var starOutcome: StarOutcome?
    /// Whether it is starred on GitHub, when Starscope knows (a favourite it starred or synced).
    var starredOnGitHub: Bool?
    /// A favourite's own tags and note.
    var tags: [String] = []
    /// Every tag (GitHub List) of the viewer, offered beside the heart.
    var allTags: [String] = []
    var note = ""
    /// The README, languages, releases and contributors follow in the same answer.
    var sectionsFollow = false

    var status: HTTPResponse.Status {
        switch content {
        case .found: .ok
        case .notFound: .notFound
        case .failed: .serviceUnavailable
        }
    }

    /// The page itself, for the favourite toggle to return to.
    var href: String { SiteURL.repository(name, from: origin).href }
}
