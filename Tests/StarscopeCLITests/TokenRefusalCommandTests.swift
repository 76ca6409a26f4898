import FakeGitHub
import Foundation
import Testing

/// Tokens that are not printable ASCII are refused where they enter, in one line that never holds them.
@Suite struct TokenRefusalCommandTests {
    @Test(arguments: [("GH_TOKEN", "ghp_x\u{1}y"), ("GITHUB_TOKEN", "ghp_ab\ncd")])
    func environmentTokenWithAControlCharacterIsRefused(_ name: String, _ token: String) async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let result = try await CLI.run(["trending"], api: url, environment: [name: token, "STARSCOPE_LOG_LEVEL": "trace"])
            #expect(result.status == 1)
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("The token in \(name) contains characters a GitHub token cannot have: a control character"))
            #expect(!result.stderr.contains("ghp_") && !result.stdout.contains("ghp_"))
            #expect(!result.stderr.contains("Bearer"))
            #expect(await fake.requests().isEmpty)
        }
    }

    @Test func loginRefusesATokenWithAControlCharacterAndStoresNothing() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let result = try await CLI.run(["auth", "login"], api: url, home: home, stdin: Data("ghp_x\u{1}y\n".utf8))
                #expect(result.status == 2)
                #expect(result.stderrLines.count == 1, "\(result.stderr)")
                #expect(result.stderr.contains("contains characters a GitHub token cannot have"))
                #expect(!result.stderr.contains("ghp_x"))
                #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("config/starscope/token").path))
                #expect(await fake.requests().isEmpty)
            }
        }
    }

    @Test func storedTokenWithAControlCharacterIsRefusedWhenRead() async throws {
        try await withHome { home in
            try await FakeGitHub.with(smallConfiguration()) { fake, url in
                let directory = home.appendingPathComponent("config/starscope")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data("ghp_x\u{1}y\n".utf8).write(to: directory.appendingPathComponent("token"))
                let result = try await CLI.run(["trending"], api: url, home: home)
                #expect(result.status == 1)
                #expect(result.stderrLines.count == 1, "\(result.stderr)")
                #expect(result.stderr.contains("contains characters a GitHub token cannot have (a control character)"))
                #expect(!result.stderr.contains("ghp_x"))
                #expect(await fake.requests().isEmpty)
                // Logging out still works, so the bad token can be replaced.
                #expect(try await CLI.run(["auth", "logout"], api: url, home: home).status == 0)
            }
        }
    }
}
