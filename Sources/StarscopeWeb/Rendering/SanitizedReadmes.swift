/// READMEs already sanitised, by the answer they came from (the repository, its branch and
/// GitHub's HTML itself), so that every view of a repository whose README has not changed gets
/// the same safe markup without sanitising it again. Holds those used in the last two periods,
/// bounded by the bytes it holds (GitHub's HTML and the sanitised markup together).
typealias SanitizedReadmes = RenderedParts<ReadmeSource>

/// What a sanitised README is made from.
struct ReadmeSource: Hashable, Sendable {
    var owner: String
    var name: String
    var branch: String
    var html: String
}

extension RenderedParts where Key == ReadmeSource {
    /// The sanitised README for `source`: kept when it was made before, else `sanitize()`'s.
    func readme(_ source: ReadmeSource, sanitize: () -> HTML) -> HTML {
        part(source, keyBytes: source.html.utf8.count, render: sanitize)
    }

    /// How many READMEs were sanitised (not found here), for tests.
    var sanitizedCount: Int { renderedCount }
}
