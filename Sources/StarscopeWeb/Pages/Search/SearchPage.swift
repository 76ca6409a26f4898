import HTTPTypes
import StarscopeCore
import StarscopeModels

/// Search: all of GitHub's repositories (any age, GitHub's qualifiers passing through) or people,
/// with a topic picker. Its rows may follow the page (`rowsFollow`): the shell is sent first.
struct SearchPage: Sendable {
    /// Well-known topics offered before anything is typed.
    static let popularTopics = [
        "swift", "ios", "rust", "python", "machine-learning", "llm", "ai", "javascript", "react", "typescript", "go", "cli",
        "database", "game-engine", "security", "devops", "linux", "macos", "web", "hacktoberfest",
    ]

    var list: SearchList
    var rows: [RepositoryRow] = []
    var accounts: [Account] = []
    /// How many matches GitHub counted.
    var totalCount: Int?
    var next: SearchList?
    /// GitHub's search timed out and some results may be missing.
    var incomplete = false
    /// The languages of the results at hand, with how many each (`SearchWindow.languages`).
    var languages: [LanguageCount] = []
    /// How many results the languages were counted in (GitHub gives up to 100 at a time).
    var counted = 0
    var failure: Failure?
    var status: HTTPResponse.Status = .ok
    /// The rows are not in this model: they are sent after the page, where `rowsMarker` stands.
    var rowsFollow = false
    /// The topics of the viewer's favourites, most used first.
    var favoriteTopics: [String] = []
}
