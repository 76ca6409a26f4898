import Testing

@testable import GitHubAPI

/// `GitHubName` reads a name's UTF-8 bytes in place; it must say what the character-by-character
/// reading it replaced says (kept here as the oracle), whatever the text.
@Suite struct GitHubNameTests {
    static func oldLogin(_ login: String) -> Bool {
        guard (1...39).contains(login.count), !login.hasPrefix("-") else { return false }
        return login.unicodeScalars.allSatisfy { alphanumeric($0) || $0 == "-" || $0 == "_" }
    }

    static func oldName(_ name: String) -> Bool {
        guard (1...100).contains(name.count), name != ".", name != ".." else { return false }
        return name.unicodeScalars.allSatisfy { alphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "." }
    }

    static func alphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    @Test(arguments: [
        "", "-", "a", "-a", "a-", "octocat", "Octo_Cat", ".", "..", "...", ".a", "a/b", "é", "e\u{301}", "-\u{301}", "a\u{0}",
        "\r\n", "a\r\nb", "🧑‍💻", String(repeating: "a", count: 39), String(repeating: "a", count: 40),
        String(repeating: "b", count: 100), String(repeating: "b", count: 101), ".\u{301}", "a b", "a~b",
    ])
    func saysWhatTheCharactersSaid(_ text: String) {
        #expect(GitHubName.isValidLogin(text) == Self.oldLogin(text))
        #expect(GitHubName.isValidRepositoryName(text) == Self.oldName(text))
    }

    @Test func randomNames() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "0", "-", "_", ".", "/", " ", "é", "\u{301}", "\r", "\n", "ß", "~", "\u{0}"]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...(Bool.random(using: &generator) ? 4 : 110), using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
            #expect(GitHubName.isValidLogin(text) == Self.oldLogin(text), "\(text.debugDescription)")
            #expect(GitHubName.isValidRepositoryName(text) == Self.oldName(text), "\(text.debugDescription)")
        }
    }
}
