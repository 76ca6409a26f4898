import HTTPTypes

/// New & popular: repositories created in a timeframe, most stars first, with filters.
struct TrendingPage: Sendable {
    static let languages = [
        "Swift", "Rust", "Go", "Python", "TypeScript", "JavaScript", "C", "C++", "C#", "Java", "Kotlin", "Ruby", "Zig",
        "Jupyter Notebook", "Shell", "HTML", "Objective-C", "PHP", "Dart",
    ]

    var list: TrendingList
    var rows: [RepositoryRow] = []
    var next: TrendingList?
    /// GitHub's search timed out and some repositories may be missing.
    var incomplete = false
    var failure: Failure?
    var status: HTTPResponse.Status = .ok
}
