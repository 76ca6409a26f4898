import Foundation
import StarscopeModels
import Testing

/// `String.equalsIgnoringASCIICase`, which finds a list's row and tells a renamed repository,
/// against what it replaced: `lowercased()` equality and Foundation's case-blind compare.
@Suite struct ASCIICaseTests {
    @Test func saysWhatLowercasingSaysForASCII() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAbBzZ09-._/@[`{~ \u{7f}")
        for _ in 0..<5_000 {
            let a = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let b = Bool.random(using: &generator) ? a.uppercased() : String(a.reversed())
            #expect(a.equalsIgnoringASCIICase(b) == (a.lowercased() == b.lowercased()), "\(a) \(b)")
            #expect(a.equalsIgnoringASCIICase(b) == (a.caseInsensitiveCompare(b) == .orderedSame), "\(a) \(b)")
        }
    }

    /// Beyond ASCII case is Unicode's: the caller falls back to its own reading.
    @Test(arguments: [("straße", "STRASSE"), ("É", "é"), ("octocat/café", "octocat/cafe"), ("a", "ä")])
    func leavesUnicodeToUnicode(_ a: String, _ b: String) {
        #expect(a.equalsIgnoringASCIICase(b) == nil)
        #expect(b.equalsIgnoringASCIICase(a) == nil)
    }

    @Test func differentLengthsAndEmptiesAreAnswered() {
        #expect("".equalsIgnoringASCIICase("") == true)
        #expect("a".equalsIgnoringASCIICase("") == false)
        #expect("Octocat/Hello".equalsIgnoringASCIICase("octocat/hello-world") == false)
        #expect("Octocat/Hello-World".equalsIgnoringASCIICase("octocat/hello-world") == true)
    }

    /// `Repository.isPublic` reads GitHub's `visibility` in any case, and beyond ASCII as
    /// `lowercased()` does.
    @Test(arguments: [
        ("public", true), ("PUBLIC", true), ("Public", true), ("private", false), ("internal", false), ("publıc", false),
        ("ＰＵＢＬＩＣ", false), ("public ", false), ("", false),
    ])
    func visibilityIsReadInAnyCase(_ visibility: String, _ isPublic: Bool) {
        var repository = Repository(
            id: 1, name: "r", fullName: "o/r", owner: Account(id: 9, login: "o"), htmlURL: "https://github.com/o/r",
            createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(repository.isPublic)
        repository.visibility = visibility
        #expect(repository.isPublic == isPublic)
        #expect(repository.isPublic == (visibility.lowercased() == "public"))
        repository.isPrivate = true
        #expect(!repository.isPublic)
    }
}
