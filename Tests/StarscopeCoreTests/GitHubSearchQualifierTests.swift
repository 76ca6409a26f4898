import Foundation
import StarscopeCore
import StarscopeModels
import Testing

/// A search's words and qualifiers, taken off one at a time or narrowed to one language.
@Suite struct GitHubSearchQualifierTests {
    @Test func qualifiersAreTheWordsWithAColonOutsideQuotes() {
        let search = GitHubSearch(text: "cli  language:swift \"a:b c\" stars:>10 LANGUAGE:Swift :x", sort: .stars)
        #expect(search.terms == ["cli", "language:swift", "\"a:b c\"", "stars:>10", "LANGUAGE:Swift", ":x"])
        #expect(search.qualifiers == ["language:swift", "stars:>10"])
        let without = search.removing("Language:Swift")
        #expect(without.text == "cli \"a:b c\" stars:>10 :x")
        #expect(without.sort == .stars)
        #expect(search.inLanguage("Jupyter Notebook").text == "cli \"a:b c\" stars:>10 :x language:\"Jupyter Notebook\"")
        #expect(GitHubSearch(text: "x", kind: .users, sort: .stars).sort == nil)
    }

    @Test func languagesAreCountedMostFirst() {
        let repositories = ["Swift", "Rust", "Swift", nil, "", "C", "Rust", "Swift"].enumerated().map { index, language in
            var repository = Repository(
                id: Int64(index), name: "r\(index)", fullName: "o/r\(index)", owner: Account(id: 1, login: "o"),
                htmlURL: "https://github.com/o/r\(index)", createdAt: .distantPast)
            repository.language = language
            return repository
        }
        #expect(
            LanguageCount.of(repositories) == [
                LanguageCount(language: "Swift", count: 3), LanguageCount(language: "Rust", count: 2),
                LanguageCount(language: "C", count: 1),
            ])
        #expect(LanguageCount.of(repositories, most: 1).count == 1)
    }
}
