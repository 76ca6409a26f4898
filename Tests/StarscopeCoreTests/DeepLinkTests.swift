import Testing

@testable import StarscopeCore

@Suite struct DeepLinkTests {
    @Test(arguments: [
        "starscope://repo/swiftlang/swift",
        "STARSCOPE://repo/swiftlang/swift",
        "https://github.com/swiftlang/swift",
        "https://github.com/swiftlang/swift/",
        "https://github.com/swiftlang/swift.git",
        "https://www.github.com/swiftlang/swift/tree/main/docs?x=1#readme",
        "http://github.com/swiftlang/swift",
        "swiftlang/swift",
        "  swiftlang/swift\n",
    ])
    func acceptedFormsOpenTheRepository(link: String) throws {
        #expect(try DeepLink.repository(from: link) == RepositoryName(owner: "swiftlang", name: "swift"))
    }

    @Test(arguments: [
        "", "swift", "a/b/c", "starscope://user/swiftlang", "starscope://repo/swiftlang", "https://gitlab.com/a/b",
        "https://github.com.evil.example/a/b", "https://user@github.com/a/b", "https://github.com:8443/a/b", "https://github.com/a",
        "javascript:alert(1)", "ftp://github.com/a/b", "../../etc/passwd", "a/..", "<script>/x", "a b/c", "-bad/name",
    ])
    func otherLinksAreRefused(link: String) {
        #expect(throws: StarscopeError.self) { try DeepLink.repository(from: link) }
    }

    @Test func namesFollowGitHubsRules() {
        #expect(RepositoryName.isValidLogin("swift-lang"))
        #expect(!RepositoryName.isValidLogin(String(repeating: "a", count: 40)))
        #expect(RepositoryName.isValidName("swift.org-site_2"))
        #expect(!RepositoryName.isValidName(".."))
        #expect(!RepositoryName.isValidName("a/b"))
    }
}
